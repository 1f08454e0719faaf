/**
 * The owner's figures per staff member for a month (docs/staff-roles.md, "Figures per staff
 * member"): orders each confirmed and where they stand now, orders each entered by channel. One card
 * per person, so the screen reads the same on a phone and at a desk.
 */
import { useSearchParams } from "react-router";
import { ORDER_SOURCE_LABELS, STAFF_ORDER_SOURCES } from "#contract/order-sources";
import { CONFIRMED_OUTCOMES, type StaffMemberFigures } from "#contract/schemas/staff-figures";
import { ROLE_LABELS } from "#contract/staff-roles";
import { ErrorNote, PageHeader, TableSkeleton, useAdminData } from "~/components/admin/common";
import { Input } from "~/components/ui/input";
import { api } from "~/lib/admin-api-client";

export function meta() {
  return [{ title: "Staff figures — Tweest admin" }];
}

const OUTCOME_LABELS: Record<(typeof CONFIRMED_OUTCOMES)[number], string> = {
  delivered: "Delivered",
  returned: "Returned",
  cancelled: "Cancelled",
  open: "Still open",
  deleted: "Deleted",
};

function Counts({ rows }: { rows: { label: string; count: number }[] }) {
  return (
    <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-3 text-sm">
      {rows.map(({ label, count }) => (
        <div key={label} className="contents">
          <dt className="text-stone-600">{label}</dt>
          <dd className="text-right tabular-nums">{count}</dd>
        </div>
      ))}
    </dl>
  );
}

function MemberCard({ member }: { member: StaffMemberFigures }) {
  return (
    <li className="rounded-lg border border-stone-200 bg-white p-4" aria-label={member.name}>
      <h2 className="font-semibold text-stone-900">{member.name}</h2>
      <p className="text-sm break-all text-stone-500">
        {member.role ? ROLE_LABELS[member.role] : "No longer on the staff"} · {member.email}
      </p>
      <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <section>
          <h3 className="flex justify-between text-sm font-medium text-stone-900">
            <span>Orders confirmed</span>
            <span className="tabular-nums" data-testid="confirmed">
              {member.confirmed}
            </span>
          </h3>
          <Counts
            rows={CONFIRMED_OUTCOMES.map((outcome) => ({
              label: OUTCOME_LABELS[outcome],
              count: member.outcomes[outcome],
            }))}
          />
        </section>
        <section>
          <h3 className="flex justify-between text-sm font-medium text-stone-900">
            <span>Orders entered</span>
            <span className="tabular-nums" data-testid="entered">
              {member.entered.total}
            </span>
          </h3>
          <Counts
            rows={STAFF_ORDER_SOURCES.map((source) => ({
              label: ORDER_SOURCE_LABELS[source],
              count: member.entered.bySource[source],
            }))}
          />
        </section>
      </div>
    </li>
  );
}

export default function StaffFiguresScreen() {
  const [params, setParams] = useSearchParams();
  const month = params.get("month") ?? undefined;
  const figures = useAdminData(() => api.staffFigures.month(month), month ?? "");
  const shown = figures.data && (!month || figures.data.month === month) ? figures.data : null;

  return (
    <div>
      <PageHeader
        title="Staff figures"
        description="Per staff member, for the month (Dhaka time): the orders they confirmed and where those stand now, and the orders they entered, by channel."
        actions={
          <label className="text-sm">
            <span className="block text-stone-600">Month</span>
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
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" aria-label="Staff members">
          {shown.staff.map((member) => (
            <MemberCard key={member.id ?? member.email} member={member} />
          ))}
        </ul>
      )}
    </div>
  );
}
