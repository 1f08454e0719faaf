import { Link } from "react-router";
import { useAdminData } from "~/components/admin/common";
import { StatCard } from "~/components/admin/dashboard-parts";
import { useStaffAccess } from "~/components/admin/staff-access";
import { api } from "~/lib/admin-api-client";
import { formatBDT } from "#contract/money";

/** The dashboard's call-list figures: orders and revenue recovered in 30 days, checkouts to call. */
/** The call list's figures: only for the roles that work the call list (the accountant does not). */
export function RecoveredCheckouts() {
  return useStaffAccess().can("orders.callList") ? <RecoveredFigures /> : null;
}

function RecoveredFigures() {
  const { data } = useAdminData(() => api.incompleteCheckouts.recovered(30), "recovered");
  if (!data) return null;
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="recovered-checkouts">
      <StatCard
        label="Recovered orders (30 days)"
        value={String(data.orders)}
        hint={`${data.converted} placed by staff from the call list`}
      />
      <StatCard label="Recovered revenue (30 days)" value={formatBDT(data.revenue)} />
      <Link to="/admin/call-list" className="rounded-lg focus-visible:outline-2">
        <StatCard
          label="Checkouts to call"
          value={String(data.open)}
          hint="Left after typing the mobile"
        />
      </Link>
    </div>
  );
}
