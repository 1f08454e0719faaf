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
import { useStaffAccess } from "~/components/admin/staff-access";

export function meta() {
  return [{ title: "Buyers — Tweest admin" }];
}

const LIMIT = 20;

const SORT_LABELS: Record<BuyerSort, string> = {
  lastOrder: "Last order",
  spend: "Spend",
  orders: "Orders",
  returns: "Returns",
};

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

const taka = (amount: number) => `৳${amount.toLocaleString("en-IN")}`;

/** Starts the CSV download. */
async function downloadCsv(q: string, sort: BuyerSort) {
  try {
    saveCsvFile(await api.buyers.exportCsv({ q, sort }), "buyers.csv");
  } catch (cause) {
    toast.error(errorMessage(cause));
  }
}

export default function BuyersScreen({ loaderData }: Route.ComponentProps) {
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
        title="Buyers"
        description="Everyone who ordered, guest or signed in, one per mobile number."
        actions={
          <Button variant="outline" onClick={() => void downloadCsv(q, sort)}>
            <Download className="h-4 w-4" aria-hidden="true" /> Export CSV
          </Button>
        }
      />
      <ListToolbar
        search={q}
        onSearch={(text) => update({ q: text, page: "" })}
        label="Search buyers"
        placeholder="Name, mobile or order number"
      >
        <Field id="buyers-sort" label="Sort by">
          <NativeSelect
            id="buyers-sort"
            value={sort}
            onChange={(event) => update({ sort: event.target.value, page: "" })}
          >
            {BUYER_SORTS.map((value) => (
              <option key={value} value={value}>
                {SORT_LABELS[value]}
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
  return (
    <span>
      {buyer.orders} orders · {buyer.delivered} delivered · {buyer.returned} returned ·{" "}
      {buyer.cancelled} cancelled
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
  if (buyers.length === 0)
    return <p className="py-8 text-center text-stone-500 md:hidden">No buyers found</p>;
  return (
    <ul className="space-y-2 md:hidden" aria-label="Buyers">
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
              <span>Spend {taka(buyer.spend)}</span>
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
  return (
    <DataTable className="hidden md:block">
      <thead>
        <tr>
          <th>Buyer</th>
          <th>Mobile</th>
          <th className="text-right">Orders</th>
          <th className="text-right">Delivered</th>
          <th className="text-right">Returned</th>
          <th className="text-right">Cancelled</th>
          <th className="text-right">Spend</th>
          <th>Last order</th>
          <th>Risk</th>
        </tr>
      </thead>
      <tbody>
        {buyers.length === 0 && <EmptyRow colSpan={9} text="No buyers found" />}
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
              {buyer.registered && <span className="ml-2 text-xs text-stone-500">account</span>}
            </td>
            <td className="font-mono">{buyer.phone}</td>
            <td className="text-right">{buyer.orders}</td>
            <td className="text-right">{buyer.delivered}</td>
            <td className="text-right">{buyer.returned}</td>
            <td className="text-right">{buyer.cancelled}</td>
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
          {buyer?.account && ` · account ${buyer.account.email}`}
        </DialogDescription>
        {detail.error && <ErrorNote message={detail.error} onRetry={detail.reload} />}
        {!buyer && !detail.error && <TableSkeleton rows={4} />}
        {buyer && (
          <div className="space-y-4" data-testid="buyer-detail">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <RiskBadge level={buyer.level} />
              <Counts buyer={buyer} />
              <span>· spend {taka(buyer.spend)}</span>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline" className="min-h-11">
                <a href={`tel:${buyer.phone}`}>
                  <Phone className="h-4 w-4" aria-hidden="true" /> Call
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
  const [reason, setReason] = useState("");
  if (!useStaffAccess().can("phones.block")) return null;
  if (buyer.block)
    return (
      <ConfirmAction
        title={`Lift the block on ${buyer.phone}?`}
        description={`Blocked for: ${buyer.block.reason}`}
        confirmLabel="Lift block"
        destructive={false}
        onConfirm={async () => {
          try {
            await api.admin.liftPhoneBlock(buyer.phone);
            toast.success(`Block on ${buyer.phone} lifted`);
            onChanged();
          } catch (cause) {
            toast.error(errorMessage(cause));
          }
        }}
      >
        <Button variant="outline" className="min-h-11">
          Lift block
        </Button>
      </ConfirmAction>
    );
  return (
    <ConfirmAction
      title={`Block ${buyer.phone}?`}
      description={
        <Field id="buyer-block-reason" label="Reason">
          <Textarea
            id="buyer-block-reason"
            rows={2}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            placeholder="e.g. Refused three parcels"
          />
        </Field>
      }
      confirmLabel="Block number"
      onConfirm={async () => {
        try {
          await api.admin.blockPhone({ phone: buyer.phone, reason });
          toast.success(`${buyer.phone} blocked: no cash on delivery`);
          setReason("");
          onChanged();
        } catch (cause) {
          toast.error(errorMessage(cause));
        }
      }}
    >
      <Button variant="destructive" className="min-h-11">
        Block number
      </Button>
    </ConfirmAction>
  );
}

function BuyerOrders({ orders }: { orders: BuyerDetail["recentOrders"] }) {
  return (
    <Panel title="Orders">
      <ul className="divide-y divide-stone-100 text-sm" aria-label="Orders of this buyer">
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
  const canAdd = useStaffAccess().can("buyers.notes");
  return (
    <Panel title="Notes">
      <ul className="space-y-2" aria-label="Notes">
        {notes.map((note) => (
          <NoteItem key={note.id} phone={phone} note={note} onChanged={onChanged} />
        ))}
      </ul>
      {canAdd && (
        <NoteForm
          id="buyer-new-note"
          label="Add a note"
          submitLabel="Add note"
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
  const [editing, setEditing] = useState(false);
  const canEdit = useStaffAccess().can("buyers.notes");
  if (editing)
    return (
      <li>
        <NoteForm
          id={`buyer-note-${note.id}`}
          label="Edit the note"
          submitLabel="Save note"
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
          {note.editedAt && ` · edited ${formatDate(note.editedAt, true)}`}
        </span>
        {canEdit && (
          <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
            Edit
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
      setError(errorMessage(cause));
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
