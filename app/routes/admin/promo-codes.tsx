import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
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
import { formatBDT } from "#contract/money";

export function meta() {
  return [{ title: "Promo codes — Tweest admin" }];
}

/** A promo code as the admin API lists it. */
type Promo = PromoCodeAnswer;

const LIMIT = 20;
const FIELDS = PROMO_CODE_FIELDS;

type Values = Record<Exclude<(typeof FIELDS)[number], "isActive">, string> & { isActive: boolean };

function validity(promo: Promo): string {
  if (promo.startsAt && promo.expiresAt)
    return `${formatDate(promo.startsAt)} – ${formatDate(promo.expiresAt)}`;
  if (promo.expiresAt) return `Until ${formatDate(promo.expiresAt)}`;
  if (promo.startsAt) return `From ${formatDate(promo.startsAt)}`;
  return "Always";
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

  const text = (
    name: Exclude<(typeof FIELDS)[number], "isActive" | "type">,
    label: string,
    props: Record<string, string> = {},
  ) => (
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
        <DialogTitle>{promo ? `Edit ${promo.code}` : "New promo code"}</DialogTitle>
        <DialogDescription>Amounts in taka; empty limits mean no limit.</DialogDescription>
        <form onSubmit={handleSubmit(onSubmit)} className="mt-4 space-y-3" noValidate>
          <div className="grid gap-3 sm:grid-cols-2">
            {text("code", "Code")}
            <Field id="pc-type" label="Type" error={errors.type?.message}>
              <NativeSelect id="pc-type" {...register("type")}>
                <option value="PERCENTAGE">Percentage</option>
                <option value="FIXED">Fixed amount</option>
              </NativeSelect>
            </Field>
            {text("value", "Value", { inputMode: "numeric" })}
            {text("minOrderAmount", "Minimum order (৳)", { inputMode: "numeric" })}
            {text("maxDiscount", "Maximum discount (৳)", { inputMode: "numeric" })}
            {text("usageLimit", "Usage limit", { inputMode: "numeric" })}
            {text("perUserLimit", "Per customer", { inputMode: "numeric" })}
            {text("description", "Description")}
            {text("startsAt", "Starts", { type: "date" })}
            {text("expiresAt", "Expires", { type: "date" })}
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4 accent-brand-500" {...register("isActive")} />
            Active
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
  const { intent, id, body } = await readSubmission(request);
  switch (intent) {
    case "create":
      return runAdminAction(
        async () => api.admin.createPromoCode(parseSubmitted(PromoCodeBody, body)),
        "Promo code created",
      );
    case "update":
      return runAdminAction(
        async () => api.admin.updatePromoCode(id, parseSubmitted(PromoCodeUpdateBody, body)),
        "Promo code saved",
      );
    case "set-active":
      return runAdminAction(
        async () => api.admin.updatePromoCode(id, parseSubmitted(PromoCodeUpdateBody, body)),
        (answer) => {
          const saved = answer as Promo;
          return `${saved.code} ${saved.isActive ? "activated" : "deactivated"}`;
        },
      );
    case "delete":
      return runAdminAction(() => api.admin.deletePromoCode(id), "Promo code deleted");
    default:
      return unknownIntent(intent);
  }
}

export default function AdminPromoCodes({ loaderData }: Route.ComponentProps) {
  const promos = usePagedList<Promo>(LIST, loaderData.promos);
  const [editor, setEditor] = useState<{ promo: Promo | null } | null>(null);
  const change = useAdminAction();

  return (
    <div>
      <PageHeader
        title="Promo codes"
        actions={<NewButton onClick={() => setEditor({ promo: null })}>New promo code</NewButton>}
      />
      <ListToolbar
        search={promos.filters.search}
        onSearch={(search) => promos.update({ search, page: "" })}
        label="Search promo codes"
        placeholder="Code or description"
      >
        <FilterSelect
          label="Active"
          allLabel="All codes"
          value={promos.filters.isActive}
          onChange={(isActive) => promos.update({ isActive, page: "" })}
        >
          <option value="true">Active only</option>
          <option value="false">Inactive only</option>
        </FilterSelect>
      </ListToolbar>
      <ListTable
        list={promos}
        columns={[
          "Code",
          "Discount",
          "Minimum",
          "Valid",
          "Used",
          "Status",
          { label: "Actions", right: true },
        ]}
        emptyText="No promo codes yet."
        onPage={(next) => promos.update({ page: String(next) })}
      >
        {promos.rows.map((promo) => (
          <tr key={promo._id} data-testid="promo-row">
            <td>
              <p className="font-mono font-semibold">{promo.code}</p>
              {promo.description && <p className="text-xs text-stone-500">{promo.description}</p>}
            </td>
            <td>
              {promo.type === "PERCENTAGE" ? `${promo.value}%` : formatBDT(promo.value)}
              {promo.maxDiscount != null && (
                <span className="block text-xs text-stone-500">
                  up to {formatBDT(promo.maxDiscount)}
                </span>
              )}
            </td>
            <td>{formatBDT(promo.minOrderAmount)}</td>
            <td className="text-xs">{validity(promo)}</td>
            <td className="tabular-nums">
              {promo.usedCount}
              {promo.usageLimit != null && ` / ${promo.usageLimit}`}
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
                aria-label={`${promo.isActive ? "Deactivate" : "Activate"} ${promo.code}`}
              >
                <StatusBadge status={promo.isActive ? "ACTIVE" : "HIDDEN"} />
              </button>
            </td>
            <td>
              <RowActions>
                <EditButton label={`Edit ${promo.code}`} onClick={() => setEditor({ promo })} />
                <ConfirmDelete
                  title="Delete this promo code?"
                  description={`${promo.code} stops working at once.`}
                  label={`Delete ${promo.code}`}
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
