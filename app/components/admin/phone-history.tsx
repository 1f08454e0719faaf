import { BadgeCheck, ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { formatDate, useAdminData } from "~/components/admin/common";
import { CourierRecords } from "~/components/admin/courier-insights";
import { api, type PhoneRisk } from "~/lib/admin-api-client";
import { cn } from "~/lib/utils";
import { normalizeBdMobile } from "#contract/phone";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { formatCount, serverText } from "./admin-i18n";

/** How each risk level reads and looks (the rule itself is the server's: docs/cod.md). */
const riskBadges = (
  i18n: I18n,
): Record<PhoneRisk["level"], { label: string; className: string }> => ({
  new: { label: i18n._("New customer"), className: "bg-sky-100 text-sky-800" },
  good: { label: i18n._("Good customer"), className: "bg-emerald-100 text-emerald-800" },
  risky: { label: i18n._("Risky"), className: "bg-amber-100 text-amber-900 ring-1 ring-amber-400" },
  blocked: { label: i18n._("Blocked"), className: "bg-red-600 text-white" },
});

export function RiskBadge({ level }: { level: PhoneRisk["level"] }) {
  const { i18n } = useLingui();
  const badge = riskBadges(i18n)[level];
  return (
    <span
      data-testid="risk-badge"
      data-level={level}
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap",
        badge.className,
      )}
    >
      {level === "risky" || level === "blocked" ? (
        <ShieldAlert className="h-3.5 w-3.5" aria-hidden="true" />
      ) : null}
      {badge.label}
    </span>
  );
}

const outcomes = (i18n: I18n): { key: keyof PhoneRisk["counts"]; label: string }[] => [
  { key: "delivered", label: i18n._("Delivered") },
  { key: "returned", label: i18n._("Returned") },
  { key: "cancelled", label: i18n._("Cancelled") },
  { key: "open", label: i18n._("Open") },
];

/**
 * A mobile number in the back office (an order's, or a customer's): its orders by outcome (the
 * order being viewed left out), the risk level as a badge, each courier's record of the number in
 * its whole network, a block in force, and on an order view whether its phone was confirmed with a
 * code.
 */
export function PhoneHistory(props: PhoneHistoryProps) {
  // A number that is no Bangladeshi mobile (an old or odd record) has no history to ask for.
  const phone = normalizeBdMobile(props.phone);
  return phone ? <PhoneHistoryCard {...props} phone={phone} /> : null;
}

interface PhoneHistoryProps {
  phone: string;
  /** The order being viewed: not one of its own earlier orders. */
  orderId?: string;
  /** An order view: when its phone was confirmed with a code (null: not). Absent: not an order. */
  phoneConfirmedAt?: string | null;
}

function PhoneHistoryCard({ phone, orderId, phoneConfirmedAt }: PhoneHistoryProps) {
  const { i18n } = useLingui();
  const history = useAdminData(() => api.admin.phoneHistory(phone, orderId), `${phone}:${orderId}`);
  const risk = history.data;
  return (
    <section
      aria-label={i18n._("Customer history by phone")}
      data-testid="phone-history"
      className="mt-3 rounded-md border border-stone-200 bg-stone-50 px-3 py-2 text-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">
          {i18n._("Mobile")} <span className="font-mono">{risk?.phone ?? phone}</span>
        </span>
        {risk && <RiskBadge level={risk.level} />}
        {phoneConfirmedAt === undefined ? null : phoneConfirmedAt ? (
          <span
            data-testid="phone-confirmed"
            className="inline-flex items-center gap-1 text-xs font-medium text-emerald-700"
          >
            <BadgeCheck className="h-4 w-4" aria-hidden="true" />
            {i18n._("Phone confirmed by code {date}", { date: formatDate(phoneConfirmedAt, true) })}
          </span>
        ) : (
          <span className="text-xs text-stone-500">{i18n._("Phone not confirmed by code")}</span>
        )}
      </div>
      {history.error && <p className="mt-1 text-red-700">{serverText(history.error)}</p>}
      {!risk && !history.error && (
        <p className="mt-1 text-stone-500">{i18n._("Loading history…")}</p>
      )}
      {risk && (
        <>
          <p className="mt-1 text-xs text-stone-600">
            {orderId ? i18n._("Earlier orders to this number") : i18n._("Orders to this number")}
          </p>
          <dl className="mt-1 grid grid-cols-4 gap-2 text-center">
            {outcomes(i18n).map(({ key, label }) => (
              <div key={key} className="rounded bg-white px-1 py-1" data-testid={`count-${key}`}>
                <dt className="text-xs text-stone-500">{label}</dt>
                <dd className="text-base font-bold">{formatCount(risk.counts[key])}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-1 text-xs text-stone-500">
            {i18n._(
              "Cancelled counts the customer's cancellations only, not the shop's or the system's.",
            )}
          </p>
          <CourierRecords records={risk.couriers} />
          {risk.block ? (
            <p className="mt-2 text-red-700">
              {risk.block.blockedBy
                ? i18n._("Blocked {date} by {who}: {reason}.", {
                    date: formatDate(risk.block.blockedAt, true),
                    who: risk.block.blockedBy.name,
                    reason: risk.block.reason,
                  })
                : i18n._("Blocked {date}: {reason}.", {
                    date: formatDate(risk.block.blockedAt, true),
                    reason: risk.block.reason,
                  })}{" "}
              <Link to="/admin/phone-blocks" className="underline">
                {i18n._("Block list")}
              </Link>
            </p>
          ) : (
            <p className="mt-2">
              <Link
                to={`/admin/phone-blocks?phone=${encodeURIComponent(risk.phone)}`}
                className="text-brand-700 underline"
              >
                {i18n._("Block this number")}
              </Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}
