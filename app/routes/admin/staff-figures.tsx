/**
 * The owner's figures per staff member for a month (docs/staff-roles.md, "Figures per staff
 * member"): orders each confirmed and where they stand now, orders each entered by channel. One card
 * per person, so the screen reads the same on a phone and at a desk.
 */
import { useSearchParams } from "react-router";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { STAFF_ORDER_SOURCES } from "#contract/order-sources";
import { CONFIRMED_OUTCOMES, type StaffMemberFigures } from "#contract/schemas/staff-figures";
import { ErrorNote, PageHeader, TableSkeleton, useAdminData } from "~/components/admin/common";
import { Input } from "~/components/ui/input";
import { api } from "~/lib/admin-api-client";
import {
  backOfficeI18n,
  formatCount,
  orderSourceLabel,
  roleLabel,
} from "~/components/admin/admin-i18n";

export function meta() {
  return [{ title: `${backOfficeI18n._("Staff figures")} — Tweest admin` }];
}

const outcomeLabel = (i18n: I18n, outcome: (typeof CONFIRMED_OUTCOMES)[number]) =>
  ({
    delivered: i18n._("Delivered"),
    returned: i18n._("Returned"),
    cancelled: i18n._("Cancelled"),
    open: i18n._("Still open"),
    deleted: i18n._("Deleted"),
  })[outcome];

function Counts({ rows }: { rows: { label: string; count: number }[] }) {
  return (
    <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-3 text-sm">
      {rows.map(({ label, count }) => (
        <div key={label} className="contents">
          <dt className="text-stone-600">{label}</dt>
          <dd className="text-right tabular-nums">{formatCount(count)}</dd>
        </div>
      ))}
    </dl>
  );
}

function MemberCard({ member }: { member: StaffMemberFigures }) {
  const { i18n } = useLingui();
  return (
    <li className="rounded-lg border border-stone-200 bg-white p-4" aria-label={member.name}>
      <h2 className="font-semibold text-stone-900" translate="no">
        {member.name}
      </h2>
      <p className="text-sm break-all text-stone-500">
        {member.role ? roleLabel(i18n, member.role) : i18n._("No longer on the staff")} ·{" "}
        {member.email}
      </p>
      <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <section>
          <h3 className="flex justify-between text-sm font-medium text-stone-900">
            <span>{i18n._("Orders confirmed")}</span>
            <span className="tabular-nums" data-testid="confirmed">
              {formatCount(member.confirmed)}
            </span>
          </h3>
          <Counts
            rows={CONFIRMED_OUTCOMES.map((outcome) => ({
              label: outcomeLabel(i18n, outcome),
              count: member.outcomes[outcome],
            }))}
          />
        </section>
        <section>
          <h3 className="flex justify-between text-sm font-medium text-stone-900">
            <span>{i18n._("Orders entered")}</span>
            <span className="tabular-nums" data-testid="entered">
              {formatCount(member.entered.total)}
            </span>
          </h3>
          <Counts
            rows={STAFF_ORDER_SOURCES.map((source) => ({
              label: orderSourceLabel(i18n, source),
              count: member.entered.bySource[source],
            }))}
          />
        </section>
      </div>
    </li>
  );
}

export default function StaffFiguresScreen() {
  const { i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const month = params.get("month") ?? undefined;
  const figures = useAdminData(() => api.staffFigures.month(month), month ?? "");
  const shown = figures.data && (!month || figures.data.month === month) ? figures.data : null;

  return (
    <div>
      <PageHeader
        title={i18n._("Staff figures")}
        description={i18n._(
          "Per staff member, for the month (Dhaka time): the orders they confirmed and where those stand now, and the orders they entered, by channel.",
        )}
        actions={
          <label className="text-sm">
            <span className="block text-stone-600">{i18n._("Month")}</span>
            <Input
              className="mt-1"
              type="month"
              value={month ?? figures.data?.month ?? ""}
              onChange={(event) =>
                setParams((current) => {
                  const updated = new URLSearchParams(current);
                  if (event.target.value) updated.set("month", event.target.value);
                  else updated.delete("month");
                  return updated;
                })
              }
            />
          </label>
        }
      />
      {figures.error && <ErrorNote message={figures.error} onRetry={figures.reload} />}
      {!shown && !figures.error && <TableSkeleton rows={4} />}
      {shown && (
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" aria-label={i18n._("Staff members")}>
          {shown.staff.map((member) => (
            <MemberCard key={member.id ?? member.email} member={member} />
          ))}
        </ul>
      )}
    </div>
  );
}
