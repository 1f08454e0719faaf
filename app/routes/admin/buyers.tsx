import { Download, Phone } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import {
  ConfirmAction,
  DataTable,
  EmptyRow,
  ErrorNote,
  formatDate,
  loadForAdmin,
  PageHeader,
  Pagination,
  Panel,
  StatusBadge,
  TableSkeleton,
  useAdminData,
  useLoadedData,
} from "~/components/admin/common";
import { saveCsvFile } from "~/components/admin/csv-download";
import { ListToolbar } from "~/components/admin/list";
import { RiskBadge } from "~/components/admin/phone-history";
import { CourierRecords } from "~/components/admin/courier-insights";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Field, NativeSelect, Textarea } from "~/components/ui/input";
import { api, errorMessage } from "~/lib/admin-api-client";
import {
  BUYER_NOTE_MAX,
  BUYER_SORTS,
  type BuyerDetail,
  type BuyerNote,
  type BuyerSort,
  type BuyerSummary,
} from "#contract/schemas/buyers";
import type { Route } from "./+types/buyers";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { backOfficeI18n, formatCount, formatTaka, serverText } from "~/components/admin/admin-i18n";
import { useStaffAccess } from "~/components/admin/staff-access";

export function meta() {
  return [{ title: `${backOfficeI18n._("Buyers")} — Tweest admin` }];
}

const LIMIT = 20;

const sortLabels = (i18n: I18n): Record<BuyerSort, string> => ({
  lastOrder: i18n._("Last order"),
  spend: i18n._("Spend"),
  orders: i18n._("Orders"),
  returns: i18n._("Returns"),
});

function listParams(url: string | URL) {
  const params = new URL(url).searchParams;
  const sort = params.get("sort") as BuyerSort | null;
  return {
    q: params.get("q") ?? "",
    sort: sort && BUYER_SORTS.includes(sort) ? sort : "lastOrder",
    page: Math.max(1, Number(params.get("page")) || 1),
  };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { q, sort, page } = listParams(request.url);
  return {
    buyers: await loadForAdmin(request, () => api.buyers.list({ q, sort, page, limit: LIMIT })),
  };
}

const taka = formatTaka;

/** Starts the CSV download. */
async function downloadCsv(q: string, sort: BuyerSort) {
  try {
    saveCsvFile(await api.buyers.exportCsv({ q, sort }), "buyers.csv");
  } catch (cause) {
    toast.error(serverText(errorMessage(cause)));
  }
}

export default function BuyersScreen({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const list = useLoadedData(loaderData.buyers);
  const [searchParams, setSearchParams] = useSearchParams();
  const { q, sort, page } = listParams(`http://x/?${searchParams.toString()}`);
  const open = searchParams.get("buyer");

  function update(changes: Record<string, string>) {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearchParams(next);
  }

  const answer = list.data;
  return (
    <div>
      <PageHeader
        title={i18n._("Buyers")}
        description={i18n._("Everyone who ordered, guest or signed in, one per mobile number.")}
        actions={
          <Button variant="outline" onClick={() => void downloadCsv(q, sort)}>
            <Download className="h-4 w-4" aria-hidden="true" /> {i18n._("Export CSV")}
          </Button>
        }
      />
      <ListToolbar
        search={q}
        onSearch={(text) => update({ q: text, page: "" })}
        label={i18n._("Search buyers")}
        placeholder={i18n._("Name, mobile or order number")}
      >
        <Field id="buyers-sort" label={i18n._("Sort by")}>
          <NativeSelect
            id="buyers-sort"
            value={sort}
            onChange={(event) => update({ sort: event.target.value, page: "" })}
          >
            {BUYER_SORTS.map((value) => (
              <option key={value} value={value}>
                {sortLabels(i18n)[value]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </ListToolbar>
      {list.error && <ErrorNote message={list.error} onRetry={list.reload} />}
      {!answer && !list.error && <TableSkeleton />}
      {answer && (
        <>
          <BuyerCards buyers={answer.buyers} onOpen={(phone) => update({ buyer: phone })} />
          <BuyerTable buyers={answer.buyers} onOpen={(phone) => update({ buyer: phone })} />
          <Pagination
            page={page}
            totalPages={answer.totalPages}
            total={answer.total}
            onPage={(next) => update({ page: String(next) })}
          />
        </>
      )}
      {open && (
        <BuyerDialog phone={open} onClose={() => update({ buyer: "" })} onChanged={list.reload} />
      )}
    </div>
  );
}

function Counts({ buyer }: { buyer: BuyerSummary }) {
  const { i18n } = useLingui();
  return (
    <span>
      {i18n._(
        "{orders} orders · {delivered} delivered · {returned} returned · {cancelled} cancelled",
        {
          orders: formatCount(buyer.orders),
          delivered: formatCount(buyer.delivered),
          returned: formatCount(buyer.returned),
          cancelled: formatCount(buyer.cancelled),
        },
      )}
    </span>
  );
}

/** Phones: one card per buyer, the whole card a button. */
function BuyerCards({
  buyers,
  onOpen,
}: {
  buyers: BuyerSummary[];
  onOpen: (phone: string) => void;
}) {
  const { i18n } = useLingui();
  if (buyers.length === 0)
    return <p className="py-8 text-center text-stone-500 md:hidden">{i18n._("No buyers found")}</p>;
  return (
    <ul className="space-y-2 md:hidden" aria-label={i18n._("Buyers")}>
      {buyers.map((buyer) => (
        <li key={buyer.phone}>
          <button
            type="button"
            data-testid="buyer-card"
            onClick={() => onOpen(buyer.phone)}
            className="w-full rounded-lg border border-stone-200 bg-white p-3 text-left"
          >
            <span className="flex items-center justify-between gap-2">
              <span className="min-w-0 truncate font-semibold">{buyer.name || "—"}</span>
              <RiskBadge level={buyer.level} />
            </span>
            <span className="mt-1 block font-mono text-sm">{buyer.phone}</span>
            <span className="mt-1 block text-xs text-stone-600">
              <Counts buyer={buyer} />
            </span>
            <span className="mt-1 flex justify-between text-sm">
              <span>{i18n._("Spend {amount}", { amount: taka(buyer.spend) })}</span>
              <span className="text-stone-500">{formatDate(buyer.lastOrderAt)}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Wider screens: a table, the name a button opening the buyer. */
function BuyerTable({
  buyers,
  onOpen,
}: {
  buyers: BuyerSummary[];
  onOpen: (phone: string) => void;
}) {
  const { i18n } = useLingui();
  return (
    <DataTable className="hidden md:block">
      <thead>
        <tr>
          <th>{i18n._("Buyer")}</th>
          <th>{i18n._("Mobile")}</th>
          <th className="text-right">{i18n._("Orders")}</th>
          <th className="text-right">{i18n._("Delivered")}</th>
          <th className="text-right">{i18n._("Returned")}</th>
          <th className="text-right">{i18n._("Cancelled")}</th>
          <th className="text-right">{i18n._("Spend")}</th>
          <th>{i18n._("Last order")}</th>
          <th>{i18n._("Risk")}</th>
        </tr>
      </thead>
      <tbody>
        {buyers.length === 0 && <EmptyRow colSpan={9} text={i18n._("No buyers found")} />}
        {buyers.map((buyer) => (
          <tr key={buyer.phone} data-testid="buyer-row">
            <td>
              <button
                type="button"
                className="text-left font-semibold text-brand-700 underline-offset-2 hover:underline"
                onClick={() => onOpen(buyer.phone)}
              >
                {buyer.name || "—"}
              </button>
              {buyer.registered && (
                <span className="ml-2 text-xs text-stone-500">{i18n._("account")}</span>
              )}
            </td>
            <td className="font-mono">{buyer.phone}</td>
            <td className="text-right">{formatCount(buyer.orders)}</td>
            <td className="text-right">{formatCount(buyer.delivered)}</td>
            <td className="text-right">{formatCount(buyer.returned)}</td>
            <td className="text-right">{formatCount(buyer.cancelled)}</td>
            <td className="text-right">{taka(buyer.spend)}</td>
            <td>{formatDate(buyer.lastOrderAt)}</td>
            <td>
              <RiskBadge level={buyer.level} />
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

function BuyerDialog({
  phone,
  onClose,
  onChanged,
}: {
  phone: string;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { i18n } = useLingui();
  const detail = useAdminData(() => api.buyers.detail(phone), phone);
  const buyer = detail.data;
  const changed = () => {
    detail.reload();
    onChanged();
  };
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogTitle>{buyer?.name || phone}</DialogTitle>
        <DialogDescription>
          <span className="font-mono">{phone}</span>
          {buyer?.account && ` · ${i18n._("account {email}", { email: buyer.account.email })}`}
        </DialogDescription>
        {detail.error && <ErrorNote message={detail.error} onRetry={detail.reload} />}
        {!buyer && !detail.error && <TableSkeleton rows={4} />}
        {buyer && (
          <div className="space-y-4" data-testid="buyer-detail">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <RiskBadge level={buyer.level} />
              <Counts buyer={buyer} />
              <span>· {i18n._("spend {amount}", { amount: taka(buyer.spend) })}</span>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline" className="min-h-11">
                <a href={`tel:${buyer.phone}`}>
                  <Phone className="h-4 w-4" aria-hidden="true" /> {i18n._("Call")}
                </a>
              </Button>
              <BlockControl buyer={buyer} onChanged={changed} />
            </div>
            <CourierRecords records={buyer.couriers} />
            <BuyerOrders orders={buyer.recentOrders} />
            <BuyerNotes phone={buyer.phone} notes={buyer.notes} onChanged={detail.reload} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Block (with a reason) or lift, through the block list's own endpoints. */
function BlockControl({ buyer, onChanged }: { buyer: BuyerDetail; onChanged: () => void }) {
  const { i18n } = useLingui();
  const [reason, setReason] = useState("");
  if (!useStaffAccess().can("phones.block")) return null;
  if (buyer.block)
    return (
      <ConfirmAction
        title={i18n._("Lift the block on {phone}?", { phone: buyer.phone })}
        description={i18n._("Blocked for: {reason}", { reason: buyer.block.reason })}
        confirmLabel={i18n._("Lift block")}
        destructive={false}
        onConfirm={async () => {
          try {
            await api.admin.liftPhoneBlock(buyer.phone);
            toast.success(i18n._("Block on {phone} lifted", { phone: buyer.phone }));
            onChanged();
          } catch (cause) {
            toast.error(serverText(errorMessage(cause)));
          }
        }}
      >
        <Button variant="outline" className="min-h-11">
          {i18n._("Lift block")}
        </Button>
      </ConfirmAction>
    );
  return (
    <ConfirmAction
      title={i18n._("Block {phone}?", { phone: buyer.phone })}
      description={
        <Field id="buyer-block-reason" label={i18n._("Reason")}>
          <Textarea
            id="buyer-block-reason"
            rows={2}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            placeholder={i18n._("e.g. Refused three parcels")}
          />
        </Field>
      }
      confirmLabel={i18n._("Block number")}
      onConfirm={async () => {
        try {
          await api.admin.blockPhone({ phone: buyer.phone, reason });
          toast.success(i18n._("{phone} blocked: no cash on delivery", { phone: buyer.phone }));
          setReason("");
          onChanged();
        } catch (cause) {
          toast.error(serverText(errorMessage(cause)));
        }
      }}
    >
      <Button variant="destructive" className="min-h-11">
        {i18n._("Block number")}
      </Button>
    </ConfirmAction>
  );
}

function BuyerOrders({ orders }: { orders: BuyerDetail["recentOrders"] }) {
  const { i18n } = useLingui();
  return (
    <Panel title={i18n._("Orders")}>
      <ul className="divide-y divide-stone-100 text-sm" aria-label={i18n._("Orders of this buyer")}>
        {orders.map((order) => (
          <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <Link
              to={`/admin/orders?open=${order.id}`}
              className="font-mono text-brand-700 underline"
            >
              {order.orderNumber}
            </Link>
            <StatusBadge status={order.orderStatus} />
            <span>{taka(order.total)}</span>
            <span className="text-stone-500">{formatDate(order.createdAt)}</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function BuyerNotes({
  phone,
  notes,
  onChanged,
}: {
  phone: string;
  notes: BuyerNote[];
  onChanged: () => void;
}) {
  const { i18n } = useLingui();
  const canAdd = useStaffAccess().can("buyers.notes");
  return (
    <Panel title={i18n._("Notes")}>
      <ul className="space-y-2" aria-label={i18n._("Notes")}>
        {notes.map((note) => (
          <NoteItem key={note.id} phone={phone} note={note} onChanged={onChanged} />
        ))}
      </ul>
      {canAdd && (
        <NoteForm
          id="buyer-new-note"
          label={i18n._("Add a note")}
          submitLabel={i18n._("Add note")}
          onSave={async (text) => {
            await api.buyers.addNote(phone, text);
            onChanged();
          }}
        />
      )}
    </Panel>
  );
}

function NoteItem({
  phone,
  note,
  onChanged,
}: {
  phone: string;
  note: BuyerNote;
  onChanged: () => void;
}) {
  const { i18n } = useLingui();
  const [editing, setEditing] = useState(false);
  const canEdit = useStaffAccess().can("buyers.notes");
  if (editing)
    return (
      <li>
        <NoteForm
          id={`buyer-note-${note.id}`}
          label={i18n._("Edit the note")}
          submitLabel={i18n._("Save note")}
          initial={note.text}
          onSave={async (text) => {
            await api.buyers.editNote(phone, note.id, text);
            setEditing(false);
            onChanged();
          }}
        />
      </li>
    );
  return (
    <li data-testid="buyer-note" className="rounded-md bg-stone-50 p-2 text-sm">
      <p className="break-words whitespace-pre-wrap">{note.text}</p>
      <p className="mt-1 flex items-center justify-between gap-2 text-xs text-stone-500">
        <span>
          {note.by?.name ?? "—"}, {formatDate(note.at, true)}
          {note.editedAt &&
            ` · ${i18n._("edited {date}", { date: formatDate(note.editedAt, true) })}`}
        </span>
        {canEdit && (
          <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
            {i18n._("Edit")}
          </Button>
        )}
      </p>
    </li>
  );
}

function NoteForm({
  id,
  label,
  submitLabel,
  initial = "",
  onSave,
}: {
  id: string;
  label: string;
  submitLabel: string;
  initial?: string;
  onSave: (text: string) => Promise<void>;
}) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(undefined);
    try {
      await onSave(text);
      setText("");
    } catch (cause) {
      setError(serverText(errorMessage(cause)));
    } finally {
      setSaving(false);
    }
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-3 space-y-2">
      <Field id={id} label={label} error={error}>
        <Textarea
          id={id}
          rows={2}
          maxLength={BUYER_NOTE_MAX}
          value={text}
          aria-invalid={Boolean(error)}
          onChange={(event) => setText(event.target.value)}
        />
      </Field>
      <Button type="submit" disabled={saving} className="min-h-11">
        {submitLabel}
      </Button>
    </form>
  );
}
