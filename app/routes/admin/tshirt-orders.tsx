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
  RowActions,
  TextField,
  listQuery,
  usePagedList,
  type ListSpec,
} from "~/components/admin/list";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Field, NativeSelect, Textarea } from "~/components/ui/input";
import { TSHIRT_ORDER_STATUSES, TshirtOrderUpdateForm, validateInto } from "~/lib/admin-schemas";
import { api, type TshirtOrder } from "~/lib/api-client";
import type { Route } from "./+types/tshirt-orders";
import { imageUrl } from "~/lib/image-url";
import { useLingui } from "@lingui/react";
import {
  backOfficeI18n,
  formatCount,
  formatTaka,
  serverText,
  statusText,
} from "~/components/admin/admin-i18n";
import { colorName } from "~/lib/i18n/color-names";
import { PRINT_TYPE_WORDS, TSHIRT_ORDER_STATUS_WORDS } from "#contract/status-words";

export function meta() {
  return [{ title: `${backOfficeI18n._("Bulk orders")} — Tweest admin` }];
}

type BulkOrder = TshirtOrder;

const LIMIT = 20;
const FIELDS = ["status", "quotedPrice", "adminNote"] as const;
interface Values {
  status: (typeof TSHIRT_ORDER_STATUSES)[number];
  quotedPrice: string;
  adminNote: string;
}

function BulkOrderEditor({
  order,
  onClose,
  onSaved,
}: {
  order: BulkOrder;
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
      status: order.status as Values["status"],
      quotedPrice: order.quotedPrice != null ? String(order.quotedPrice) : "",
      adminNote: order.adminNote ?? "",
    });
  }, [order, reset]);

  const { i18n } = useLingui();
  const printWord = (type: string) =>
    serverText(PRINT_TYPE_WORDS[type as keyof typeof PRINT_TYPE_WORDS] ?? type);

  async function onSubmit(values: Values) {
    clearErrors();
    const payload = {
      status: values.status,
      quotedPrice: values.quotedPrice === "" ? null : values.quotedPrice,
      adminNote: values.adminNote,
    };
    const parsed = validateInto(TshirtOrderUpdateForm, payload, setError, FIELDS);
    if (!parsed) return;
    await save.submit("update", { id: order._id, body: payload });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>{i18n._("Bulk order from {name}", { name: order.name })}</DialogTitle>
        <DialogDescription>
          {order.organization && `${order.organization} · `}
          {order.mobile} · {order.email}
        </DialogDescription>
        <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_auto]">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-stone-500">{i18n._("Colour")}</dt>
            <dd>{colorName(order.color, i18n)}</dd>
            <dt className="text-stone-500">{i18n._("Print")}</dt>
            <dd>{printWord(order.printType)}</dd>
            <dt className="text-stone-500">{i18n._("Quantity")}</dt>
            <dd>{formatCount(order.quantity)}</dd>
            <dt className="text-stone-500">{i18n._("Sizes")}</dt>
            <dd>
              {Object.entries(order.sizes ?? {})
                .filter(([, count]) => count > 0)
                .map(([size, count]) => `${size} ${formatCount(count)}`)
                .join(" · ")}
            </dd>
            <dt className="text-stone-500">{i18n._("Deadline")}</dt>
            <dd>{formatDate(order.deadline)}</dd>
            <dt className="text-stone-500">{i18n._("Notes")}</dt>
            <dd className="whitespace-pre-wrap">{order.notes || "—"}</dd>
            {order.quoteSms && (
              <>
                <dt className="text-stone-500">{i18n._("Quote SMS")}</dt>
                <dd>
                  {order.quoteSms.error
                    ? i18n._("Failed: {reason}", { reason: serverText(order.quoteSms.error) })
                    : i18n._("Sent {date}", { date: formatDate(order.quoteSms.sentAt, true) })}
                </dd>
              </>
            )}
          </dl>
          {order.designImagePath && (
            <a href={imageUrl(order.designImagePath)} target="_blank" rel="noreferrer">
              <img
                src={imageUrl(order.designImagePath)}
                alt={i18n._("Design")}
                className="h-32 w-32 rounded border border-stone-200 object-contain"
              />
            </a>
          )}
        </div>
        <form onSubmit={handleSubmit(onSubmit)} className="mt-4 space-y-3" noValidate>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="t-status" label={i18n._("Status")} error={errors.status?.message}>
              <NativeSelect id="t-status" {...register("status")}>
                {TSHIRT_ORDER_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {i18n.locale === "en"
                      ? TSHIRT_ORDER_STATUS_WORDS[status]
                      : statusText(i18n, status)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <TextField
              id="t-price"
              label={i18n._("Quoted price (৳, total)")}
              inputMode="numeric"
              error={errors.quotedPrice?.message}
              {...register("quotedPrice")}
            />
          </div>
          <Field id="t-note" label={i18n._("Admin note")} error={errors.adminNote?.message}>
            <Textarea id="t-note" {...register("adminNote")} />
          </Field>
          <FormActions onCancel={onClose} submitting={save.pending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

const LIST: ListSpec = { key: "orders", filters: ["status", "search"], limit: LIMIT };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = listQuery(request.url, LIST);
  return { orders: await loadForAdmin(request, () => api.tshirtOrders.list(query)) };
}

/** Update (status, quote, note) and delete; React Router then loads the page again (not after a refusal). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const i18n = backOfficeI18n;
  const { intent, id, body } = await readSubmission(request);
  switch (intent) {
    case "update":
      return runAdminAction(
        async () => api.tshirtOrders.update(id, parseSubmitted(TshirtOrderUpdateForm, body)),
        i18n._("Bulk order saved"),
      );
    case "delete":
      return runAdminAction(() => api.tshirtOrders.remove(id), i18n._("Bulk order deleted"));
    default:
      return unknownIntent(intent);
  }
}

export default function AdminTshirtOrders({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const [editing, setEditing] = useState<BulkOrder | null>(null);
  const orders = usePagedList<BulkOrder>(LIST, loaderData.orders);
  const remove = useAdminAction();

  return (
    <div>
      <PageHeader
        title={i18n._("Bulk t-shirt orders")}
        description={i18n._("Requests from the bulk order form.")}
      />
      <ListToolbar
        search={orders.filters.search}
        onSearch={(search) => orders.update({ search, page: "" })}
        label={i18n._("Search bulk orders")}
        placeholder={i18n._("Name, phone, email or organisation")}
      >
        <FilterSelect
          label={i18n._("Status")}
          allLabel={i18n._("All statuses")}
          value={orders.filters.status}
          values={TSHIRT_ORDER_STATUSES}
          onChange={(status) => orders.update({ status, page: "" })}
        />
      </ListToolbar>
      <ListTable
        list={orders}
        columns={[
          i18n._("Date"),
          i18n._("Customer"),
          i18n._("Shirts"),
          i18n._("Status"),
          { label: i18n._("Quote"), right: true },
          { label: i18n._("Actions"), right: true },
        ]}
        emptyText={i18n._("No bulk orders.")}
        onPage={(next) => orders.update({ page: String(next) })}
      >
        {orders.rows.map((order) => (
          <tr key={order._id} data-testid="bulk-row">
            <td>{formatDate(order.createdAt)}</td>
            <td>
              <p className="font-medium">{order.name}</p>
              <p className="text-xs text-stone-500">
                {order.organization || order.email} · {order.mobile}
              </p>
            </td>
            <td>
              {formatCount(order.quantity)} × {colorName(order.color, i18n)} (
              {serverText(PRINT_TYPE_WORDS[order.printType] ?? order.printType)})
            </td>
            <td>
              <StatusBadge status={order.status} />
            </td>
            <td className="text-right tabular-nums">
              {order.quotedPrice != null ? formatTaka(order.quotedPrice) : "—"}
            </td>
            <td>
              <RowActions>
                <EditButton
                  label={i18n._("Edit the order of {name}", { name: order.name })}
                  onClick={() => setEditing(order)}
                />
                <ConfirmDelete
                  title={i18n._("Delete this bulk order?")}
                  description={i18n._("The request of {name} is removed for good.", {
                    name: order.name,
                  })}
                  label={i18n._("Delete the order of {name}", { name: order.name })}
                  onConfirm={() => void remove.submit("delete", { id: order._id })}
                />
              </RowActions>
            </td>
          </tr>
        ))}
      </ListTable>
      {editing && (
        <BulkOrderEditor
          order={editing}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
    </div>
  );
}
