import { Link } from "react-router";
import { useAdminData } from "~/components/admin/common";
import { StatCard } from "~/components/admin/dashboard-parts";
import { useStaffAccess } from "~/components/admin/staff-access";
import { api } from "~/lib/admin-api-client";
import { useLingui } from "@lingui/react";
import { formatCount, formatTaka } from "~/components/admin/admin-i18n";

/** The dashboard's call-list figures: orders and revenue recovered in 30 days, checkouts to call. */
/** The call list's figures: only for the roles that work the call list (the accountant does not). */
export function RecoveredCheckouts() {
  return useStaffAccess().can("orders.callList") ? <RecoveredFigures /> : null;
}

function RecoveredFigures() {
  const { i18n } = useLingui();
  const { data } = useAdminData(() => api.incompleteCheckouts.recovered(30), "recovered");
  if (!data) return null;
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="recovered-checkouts">
      <StatCard
        label={i18n._("Recovered orders (30 days)")}
        value={formatCount(data.orders)}
        hint={i18n._("{count} placed by staff from the call list", {
          count: formatCount(data.converted),
        })}
      />
      <StatCard label={i18n._("Recovered revenue (30 days)")} value={formatTaka(data.revenue)} />
      <Link to="/admin/call-list" className="rounded-lg focus-visible:outline-2">
        <StatCard
          label={i18n._("Checkouts to call")}
          value={formatCount(data.open)}
          hint={i18n._("Left after typing the mobile")}
        />
      </Link>
    </div>
  );
}
