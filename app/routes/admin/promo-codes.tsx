import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import {
  parseSubmitted,
  readSubmission,
  runAdminAction,
  showFieldErrors,
  unknownIntent,
  useAdminAction,
} from "~/components/admin/admin-action";
import { formatDate, loadForAdmin, PageHeader, StatusBadge } from "~/components/admin/common";
import {
  ConfirmDelete,
  EditButton,
  FilterSelect,
  FormActions,
  ListTable,
  ListToolbar,
  NewButton,
  RowActions,
  TextField,
  listQuery,
  usePagedList,
  type ListSpec,
} from "~/components/admin/list";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Field, NativeSelect } from "~/components/ui/input";
import { PromoCodeBody, PromoCodeUpdateBody, validateInto } from "~/lib/admin-schemas";
import { api } from "~/lib/admin-api-client";
import { PROMO_CODE_FIELDS } from "#contract/schemas/catalog";
import type { Route } from "./+types/promo-codes";
import type { PromoCode as PromoCodeAnswer } from "~/lib/admin-api-client";
import {
  backOfficeI18n,
  formatCount,
  formatTaka,
  localDigits,
  serverText,
} from "~/components/admin/admin-i18n";

export function meta() {
  return [{ title: `${backOfficeI18n._("Promo codes")} — Tweest admin` }];
}

/** A promo code as the admin API lists it. */
type Promo = PromoCodeAnswer;

const LIMIT = 20;
const FIELDS = PROMO_CODE_FIELDS;

type Values = Record<Exclude<(typeof FIELDS)[number], "isActive">, string> & { isActive: boolean };
/** The fields typed as text (the type is a list, the flag a checkbox). */
type TextFieldName = Exclude<(typeof FIELDS)[number], "isActive" | "type">;

function validity(i18n: I18n, promo: Promo): string {
  if (promo.startsAt && promo.expiresAt)
    return `${formatDate(promo.startsAt)} – ${formatDate(promo.expiresAt)}`;
  if (promo.expiresAt) return i18n._("Until {date}", { date: formatDate(promo.expiresAt) });
  if (promo.startsAt) return i18n._("From {date}", { date: formatDate(promo.startsAt) });
  return i18n._("Always");
}

const dateInput = (value: string | null) => (value ? value.slice(0, 10) : "");
const dhakaDate = (value: string) => (value ? `${value}T00:00:00+06:00` : null);

function PromoEditor({
  promo,
  onClose,
  onSaved,
}: {
  promo: Promo | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { i18n } = useLingui();
  const { register, handleSubmit, reset, setError, clearErrors, formState } = useForm<Values>();
  const { errors } = formState;
  const save = useAdminAction({
    onSuccess: onSaved,
    onFailure: (result) => showFieldErrors(result, setError, FIELDS),
  });
  useEffect(() => {
    reset({
      code: promo?.code ?? "",
      description: promo?.description ?? "",
      type: promo?.type ?? "PERCENTAGE",
      value: promo ? String(promo.value) : "",
      minOrderAmount: promo ? String(promo.minOrderAmount) : "0",
      maxDiscount: promo?.maxDiscount != null ? String(promo.maxDiscount) : "",
      startsAt: dateInput(promo?.startsAt ?? null),
      expiresAt: dateInput(promo?.expiresAt ?? null),
      usageLimit: promo?.usageLimit != null ? String(promo.usageLimit) : "",
      perUserLimit: promo?.perUserLimit != null ? String(promo.perUserLimit) : "",
      isActive: promo?.isActive ?? true,
    });
  }, [promo, reset]);

  async function onSubmit(values: Values) {
    clearErrors();
    const payload = {
      ...values,
      startsAt: dhakaDate(values.startsAt),
      expiresAt: dhakaDate(values.expiresAt),
    };
    const parsed = validateInto(
      promo ? PromoCodeUpdateBody : PromoCodeBody,
      payload,
      setError,
      FIELDS,
    );
    if (!parsed) return;
    await save.submit(promo ? "update" : "create", { id: promo?._id, body: payload });
  }

  const text = (name: TextFieldName, label: string, props: Record<string, string> = {}) => (
    <TextField
      id={`pc-${name}`}
      label={label}
      error={errors[name]?.message}
      {...props}
      {...register(name)}
    />
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogTitle>
          {promo ? i18n._("Edit {title}", { title: promo.code }) : i18n._("New promo code")}
        </DialogTitle>
        <DialogDescription>
          {i18n._("Amounts in taka; empty limits mean no limit.")}
        </DialogDescription>
        <form onSubmit={handleSubmit(onSubmit)} className="mt-4 space-y-3" noValidate>
          <div className="grid gap-3 sm:grid-cols-2">
            {text("code", i18n._("Code"))}
            <Field
              id="pc-type"
              label={i18n._("Type")}
              error={errors.type?.message && serverText(errors.type.message)}
            >
              <NativeSelect id="pc-type" {...register("type")}>
                <option value="PERCENTAGE">{i18n._("Percentage")}</option>
                <option value="FIXED">{i18n._("Fixed amount")}</option>
              </NativeSelect>
            </Field>
            {text("value", i18n._("Value"), { inputMode: "numeric" })}
            {text("minOrderAmount", i18n._("Minimum order (৳)"), { inputMode: "numeric" })}
            {text("maxDiscount", i18n._("Maximum discount (৳)"), { inputMode: "numeric" })}
            {text("usageLimit", i18n._("Usage limit"), { inputMode: "numeric" })}
            {text("perUserLimit", i18n._("Per customer"), { inputMode: "numeric" })}
            {text("description", i18n._("Description"))}
            {text("startsAt", i18n._("Starts"), { type: "date" })}
            {text("expiresAt", i18n._("Expires"), { type: "date" })}
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4 accent-brand-500" {...register("isActive")} />
            {i18n._("Active")}
          </label>
          <FormActions onCancel={onClose} submitting={save.pending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

const LIST: ListSpec = { key: "promoCodes", filters: ["search", "isActive"], limit: LIMIT };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = listQuery(request.url, LIST);
  return { promos: await loadForAdmin(request, () => api.admin.promoCodes(query)) };
}

/** Create, update, (de)activate and delete; React Router then loads the page again (not after a refusal). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const i18n = backOfficeI18n;
  const { intent, id, body } = await readSubmission(request);
  switch (intent) {
    case "create":
      return runAdminAction(
        async () => api.admin.createPromoCode(parseSubmitted(PromoCodeBody, body)),
        i18n._("Promo code created"),
      );
    case "update":
      return runAdminAction(
        async () => api.admin.updatePromoCode(id, parseSubmitted(PromoCodeUpdateBody, body)),
        i18n._("Promo code saved"),
      );
    case "set-active":
      return runAdminAction(
        async () => api.admin.updatePromoCode(id, parseSubmitted(PromoCodeUpdateBody, body)),
        (answer) => {
          const saved = answer as Promo;
          return saved.isActive
            ? i18n._("{code} activated", { code: saved.code })
            : i18n._("{code} deactivated", { code: saved.code });
        },
      );
    case "delete":
      return runAdminAction(() => api.admin.deletePromoCode(id), i18n._("Promo code deleted"));
    default:
      return unknownIntent(intent);
  }
}

export default function AdminPromoCodes({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const promos = usePagedList<Promo>(LIST, loaderData.promos);
  const [editor, setEditor] = useState<{ promo: Promo | null } | null>(null);
  const change = useAdminAction();

  return (
    <div>
      <PageHeader
        title={i18n._("Promo codes")}
        actions={
          <NewButton onClick={() => setEditor({ promo: null })}>
            {i18n._("New promo code")}
          </NewButton>
        }
      />
      <ListToolbar
        search={promos.filters.search}
        onSearch={(search) => promos.update({ search, page: "" })}
        label={i18n._("Search promo codes")}
        placeholder={i18n._("Code or description")}
      >
        <FilterSelect
          label={i18n._("Active")}
          allLabel={i18n._("All codes")}
          value={promos.filters.isActive}
          onChange={(isActive) => promos.update({ isActive, page: "" })}
        >
          <option value="true">{i18n._("Active only")}</option>
          <option value="false">{i18n._("Inactive only")}</option>
        </FilterSelect>
      </ListToolbar>
      <ListTable
        list={promos}
        columns={[
          i18n._("Code"),
          i18n._("Discount"),
          i18n._("Minimum"),
          i18n._("Valid"),
          i18n._("Used"),
          i18n._("Status"),
          { label: i18n._("Actions"), right: true },
        ]}
        emptyText={i18n._("No promo codes yet.")}
        onPage={(next) => promos.update({ page: String(next) })}
      >
        {promos.rows.map((promo) => (
          <tr key={promo._id} data-testid="promo-row">
            <td>
              <p className="font-mono font-semibold" translate="no">
                {promo.code}
              </p>
              {promo.description && (
                <p className="text-xs text-stone-500" translate="no">
                  {promo.description}
                </p>
              )}
            </td>
            <td>
              {promo.type === "PERCENTAGE"
                ? localDigits(`${promo.value}%`)
                : formatTaka(promo.value)}
              {promo.maxDiscount != null && (
                <span className="block text-xs text-stone-500">
                  {i18n._("up to {amount}", { amount: formatTaka(promo.maxDiscount) })}
                </span>
              )}
            </td>
            <td>{formatTaka(promo.minOrderAmount)}</td>
            <td className="text-xs">{validity(i18n, promo)}</td>
            <td className="tabular-nums">
              {formatCount(promo.usedCount)}
              {promo.usageLimit != null && ` / ${formatCount(promo.usageLimit)}`}
            </td>
            <td>
              <button
                type="button"
                disabled={change.pending}
                onClick={() =>
                  void change.submit("set-active", {
                    id: promo._id,
                    body: { isActive: !promo.isActive },
                  })
                }
                aria-label={
                  promo.isActive
                    ? i18n._("Deactivate {title}", { title: promo.code })
                    : i18n._("Activate {title}", { title: promo.code })
                }
              >
                <StatusBadge status={promo.isActive ? "ACTIVE" : "HIDDEN"} />
              </button>
            </td>
            <td>
              <RowActions>
                <EditButton
                  label={i18n._("Edit {title}", { title: promo.code })}
                  onClick={() => setEditor({ promo })}
                />
                <ConfirmDelete
                  title={i18n._("Delete this promo code?")}
                  description={i18n._("{code} stops working at once.", { code: promo.code })}
                  label={i18n._("Delete {title}", { title: promo.code })}
                  onConfirm={() => void change.submit("delete", { id: promo._id })}
                />
              </RowActions>
            </td>
          </tr>
        ))}
      </ListTable>
      {editor && (
        <PromoEditor
          promo={editor.promo}
          onClose={() => setEditor(null)}
          onSaved={() => setEditor(null)}
        />
      )}
    </div>
  );
}
