import { MessageSquareText, Phone, ShoppingBag } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import {
  parseSubmitted,
  readSubmission,
  runAdminAction,
  unknownIntent,
  useAdminAction,
} from "~/components/admin/admin-action";
import {
  ErrorNote,
  formatDate,
  loadForAdmin,
  PageHeader,
  Pagination,
  TableSkeleton,
  useLoadedData,
} from "~/components/admin/common";
import { TextField } from "~/components/admin/list";
import { Button } from "~/components/ui/button";
import { api } from "~/lib/admin-api-client";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { backOfficeI18n, formatCount, formatTaka } from "~/components/admin/admin-i18n";
import { colorName } from "~/lib/i18n/color-names";
import { toInternationalBdMobile } from "#contract/phone";
import { DISTRICT_LIST, findDistrict, thanasOf } from "#contract/locations";
import {
  CALL_NOTE_MAX,
  CALL_OUTCOME_LABELS,
  CALL_OUTCOMES,
  CallBody,
  ConvertCheckoutBody,
  type CallOutcome,
  type IncompleteCheckoutAnswer,
} from "#contract/schemas/incomplete-checkouts";
import type { Route } from "./+types/call-list";

export function meta() {
  return [{ title: `${backOfficeI18n._("Call list")} — Tweest admin` }];
}

const pageOf = (url: string) => Number(new URL(url).searchParams.get("page")) || 1;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return {
    list: await loadForAdmin(request, () =>
      api.incompleteCheckouts.list({ page: pageOf(request.url), limit: 20 }),
    ),
  };
}

/** A call, the recovery SMS, the one-step order: the server's answer as a toast. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const i18n = backOfficeI18n;
  const { intent, id, body } = await readSubmission(request);
  switch (intent) {
    case "call":
      return runAdminAction(
        () => api.incompleteCheckouts.recordCall(id, parseSubmitted(CallBody, body)),
        i18n._("Call recorded"),
      );
    case "sms":
      return runAdminAction(() => api.incompleteCheckouts.sendSms(id), i18n._("Recovery SMS sent"));
    case "order":
      return runAdminAction(
        () => api.incompleteCheckouts.order(id, parseSubmitted(ConvertCheckoutBody, body)),
        (answer) =>
          i18n._("Order {number} placed", {
            number: (answer as { orderNumber: string }).orderNumber,
          }),
      );
    default:
      return unknownIntent(intent);
  }
}

/** A district's or thana's name in the back office's language. */
const placeLabel = (i18n: I18n, place: { name: string; nameBn?: string } | undefined) =>
  i18n.locale === "bn" ? (place?.nameBn ?? place?.name) : place?.name;

const placeName = (i18n: I18n, checkout: IncompleteCheckoutAnswer) =>
  [
    placeLabel(
      i18n,
      thanasOf(checkout.districtId as never).find((thana) => thana.id === checkout.thanaId),
    ),
    placeLabel(i18n, findDistrict(checkout.districtId)),
  ]
    .filter(Boolean)
    .join(", ");

const callOutcomeLabel = (i18n: I18n, outcome: CallOutcome) =>
  ({
    "no-answer": i18n._("No answer"),
    "call-back": i18n._("Call back"),
    "will-order": i18n._("Will order"),
    "not-interested": i18n._("Not interested"),
    "wrong-number": i18n._("Wrong number"),
    "switched-off": i18n._("Switched off"),
  })[outcome] ?? CALL_OUTCOME_LABELS[outcome];

function CallForm({ checkout }: { checkout: IncompleteCheckoutAnswer }) {
  const { i18n } = useLingui();
  const [outcome, setOutcome] = useState<CallOutcome>("no-answer");
  const [note, setNote] = useState("");
  const call = useAdminAction({ onSuccess: () => setNote("") });
  const id = `call-${checkout._id}`;
  return (
    <form
      className="grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        void call.submit("call", { id: checkout._id, body: { outcome, note } });
      }}
    >
      <label className="text-sm font-medium" htmlFor={`${id}-outcome`}>
        {i18n._("Call outcome")}
        <select
          id={`${id}-outcome`}
          value={outcome}
          onChange={(event) => setOutcome(event.target.value as CallOutcome)}
          className="mt-1 h-11 w-full rounded-md border border-stone-300 bg-white px-2 text-sm"
        >
          {CALL_OUTCOMES.map((value) => (
            <option key={value} value={value}>
              {callOutcomeLabel(i18n, value)}
            </option>
          ))}
        </select>
      </label>
      <TextField
        inputClassName="h-11"
        id={`${id}-note`}
        label={i18n._("Note")}
        value={note}
        maxLength={CALL_NOTE_MAX}
        onChange={(event) => setNote(event.target.value)}
        placeholder={i18n._("e.g. call after 6 pm")}
      />
      <Button type="submit" variant="outline" className="h-11" disabled={call.pending}>
        {i18n._("Save call")}
      </Button>
    </form>
  );
}

/** The address as saved, for the staff to complete on the call; placed as cash on delivery. */
function OrderForm({
  checkout,
  onDone,
}: {
  checkout: IncompleteCheckoutAnswer;
  onDone: () => void;
}) {
  const { i18n } = useLingui();
  const [fields, setFields] = useState({
    firstName: checkout.firstName,
    lastName: checkout.lastName,
    streetAddress: checkout.streetAddress,
    districtId: checkout.districtId,
    thanaId: checkout.thanaId,
  });
  const order = useAdminAction({ onSuccess: onDone });
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));
  const id = `order-${checkout._id}`;
  const district = findDistrict(fields.districtId);
  const error = (field: string) =>
    order.result?.ok ? undefined : order.result?.fieldErrors[field];
  return (
    <form
      className="grid gap-2 rounded-md border border-brand-200 bg-brand-50/40 p-3 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        void order.submit("order", {
          id: checkout._id,
          body: {
            shippingAddress: {
              ...fields,
              mobile: checkout.phone,
              email: checkout.email,
              area: checkout.area,
              city: district?.name ?? "",
            },
            note: checkout.note,
          },
        });
      }}
    >
      <TextField
        inputClassName="h-11"
        id={`${id}-first`}
        label={i18n._("First name")}
        value={fields.firstName}
        onChange={set("firstName")}
      />
      <TextField
        inputClassName="h-11"
        id={`${id}-last`}
        label={i18n._("Last name")}
        value={fields.lastName}
        onChange={set("lastName")}
      />
      <TextField
        inputClassName="h-11"
        id={`${id}-street`}
        label={i18n._("House, road and area")}
        className="sm:col-span-2"
        value={fields.streetAddress}
        onChange={set("streetAddress")}
        error={error("shippingAddress")}
      />
      <label className="text-sm font-medium" htmlFor={`${id}-district`}>
        {i18n._("District")}
        <select
          id={`${id}-district`}
          value={fields.districtId}
          onChange={(event) =>
            setFields((current) => ({ ...current, districtId: event.target.value, thanaId: "" }))
          }
          className="mt-1 h-11 w-full rounded-md border border-stone-300 bg-white px-2 text-sm"
        >
          <option value="">{i18n._("Choose…")}</option>
          {DISTRICT_LIST.map((item) => (
            <option key={item.id} value={item.id}>
              {placeLabel(i18n, item)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium" htmlFor={`${id}-thana`}>
        {i18n._("Thana")}
        <select
          id={`${id}-thana`}
          value={fields.thanaId}
          onChange={set("thanaId")}
          className="mt-1 h-11 w-full rounded-md border border-stone-300 bg-white px-2 text-sm"
        >
          <option value="">{i18n._("Choose…")}</option>
          {district &&
            thanasOf(district.id).map((thana) => (
              <option key={thana.id} value={thana.id}>
                {placeLabel(i18n, thana)}
              </option>
            ))}
        </select>
      </label>
      <p className="text-xs text-stone-600 sm:col-span-2">
        {i18n._(
          "Cash on delivery, entered by you: your call confirms the number. The checkout's rules apply and the stock is reserved now.",
        )}
      </p>
      <Button type="submit" className="h-11 sm:col-span-2" disabled={order.pending}>
        {i18n._("Place the order")}
      </Button>
    </form>
  );
}

function CheckoutCard({ checkout }: { checkout: IncompleteCheckoutAnswer }) {
  const { i18n } = useLingui();
  const [ordering, setOrdering] = useState(false);
  const sms = useAdminAction();
  const name = `${checkout.firstName} ${checkout.lastName}`.trim() || i18n._("No name typed");
  const place = placeName(i18n, checkout);
  const international = toInternationalBdMobile(checkout.phone).replace(/^\+/, "");
  return (
    <li
      data-testid="incomplete-checkout"
      className="min-w-0 space-y-3 rounded-lg border border-stone-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words">{name}</p>
          <p className="text-sm text-stone-600">
            {[checkout.streetAddress, place].filter(Boolean).join(" · ") ||
              i18n._("No address typed")}
          </p>
          <p className="text-xs text-stone-500">
            {i18n._("Saved {saved} · expires {expires}", {
              saved: formatDate(checkout.updatedAt, true),
              expires: formatDate(checkout.expiresAt),
            })}
            {checkout.locale === "bn" ? ` · ${i18n._("Bangla")}` : ` · ${i18n._("English")}`}
          </p>
        </div>
        <p className="text-lg font-bold tabular-nums">{formatTaka(checkout.total)}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <a
          href={`tel:${checkout.phone}`}
          className="inline-flex h-11 items-center gap-2 rounded-md border border-stone-300 px-3 font-mono text-sm"
        >
          <Phone className="h-4 w-4" aria-hidden="true" /> {checkout.phone}
        </a>
        <a
          href={`https://wa.me/${international}`}
          target="_blank"
          rel="noreferrer"
          className="inline-flex h-11 items-center rounded-md border border-stone-300 px-3 text-sm"
        >
          {i18n._("WhatsApp")}
        </a>
      </div>
      <ul className="space-y-1 text-sm">
        {checkout.lines.map((line) => (
          <li key={line._id} className="flex justify-between gap-2">
            <span className="min-w-0 break-words">
              {line.title} · {colorName(line.color, i18n)} / {line.size} ×{" "}
              {formatCount(line.quantity)}
            </span>
            <span className="tabular-nums">{formatTaka(line.discountedPrice * line.quantity)}</span>
          </li>
        ))}
        {checkout.lines.length === 0 && (
          <li className="text-stone-500">{i18n._("Its items are gone")}</li>
        )}
      </ul>
      {checkout.note && (
        <p className="rounded bg-amber-50 p-2 text-sm">
          {i18n._("Note: {note}", { note: checkout.note })}
        </p>
      )}
      {checkout.calls.length > 0 && (
        <ol
          className="space-y-1 border-l-2 border-stone-200 pl-3 text-sm"
          aria-label={i18n._("Calls")}
        >
          {checkout.calls.map((call, index) => (
            <li key={index}>
              <span className="font-medium">{callOutcomeLabel(i18n, call.outcome)}</span>
              {call.note && ` — ${call.note}`}
              <span className="text-xs text-stone-500">
                {" "}
                ({formatDate(call.at, true)}
                {call.by ? `, ${call.by.name}` : ""})
              </span>
            </li>
          ))}
        </ol>
      )}
      <CallForm checkout={checkout} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="outline"
          className="h-11"
          disabled={sms.pending}
          onClick={() => void sms.submit("sms", { id: checkout._id })}
        >
          <MessageSquareText className="h-4 w-4" aria-hidden="true" /> {i18n._("Send recovery SMS")}
          {checkout.smsCount > 0 &&
            ` (${i18n._("{count} sent", { count: formatCount(checkout.smsCount) })})`}
        </Button>
        <Button
          className="h-11"
          aria-expanded={ordering}
          onClick={() => setOrdering((open) => !open)}
        >
          <ShoppingBag className="h-4 w-4" aria-hidden="true" /> {i18n._("Create order")}
        </Button>
      </div>
      {ordering && <OrderForm checkout={checkout} onDone={() => setOrdering(false)} />}
    </li>
  );
}

export default function CallList({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { data, error, loading, reload } = useLoadedData(loaderData.list);
  const [, setSearchParams] = useSearchParams();
  return (
    <div>
      <PageHeader
        title={i18n._("Call list")}
        description={i18n._(
          "Checkouts left after the mobile was typed, newest first. Call, send the recovery SMS, or place the order for the shopper.",
        )}
      />
      {error && <ErrorNote message={error} onRetry={reload} />}
      {loading && !data ? (
        <TableSkeleton />
      ) : (
        data && (
          <>
            {data.checkouts.length === 0 ? (
              <p className="rounded-lg border border-dashed border-stone-300 p-6 text-center text-stone-500">
                {i18n._("No saved checkouts to call.")}
              </p>
            ) : (
              <ul className="grid gap-3 lg:grid-cols-2">
                {data.checkouts.map((checkout) => (
                  <CheckoutCard key={checkout._id} checkout={checkout} />
                ))}
              </ul>
            )}
            <Pagination
              page={data.page}
              totalPages={data.totalPages}
              total={data.total}
              onPage={(page) => setSearchParams({ page: String(page) })}
            />
          </>
        )
      )}
    </div>
  );
}
