/**
 * What the signed-in staff member's role may do, as the admin check answered it: the back office
 * hides the screens and buttons it cannot use (the server refuses them anyway, with a 403).
 */
import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { Permission, StaffRole } from "#contract/staff-roles";

interface StaffAccess {
  role?: StaffRole;
  can: (permission: Permission) => boolean;
}

const StaffAccessContext = createContext<StaffAccess>({ can: () => false });

export function StaffAccessProvider({
  role,
  permissions,
  children,
}: {
  role?: StaffRole;
  permissions: readonly Permission[];
  children: ReactNode;
}) {
  const access = useMemo(
    () => ({ role, can: (permission: Permission) => permissions.includes(permission) }),
    [role, permissions],
  );
  return <StaffAccessContext.Provider value={access}>{children}</StaffAccessContext.Provider>;
}

export function useStaffAccess(): StaffAccess {
  return useContext(StaffAccessContext);
}
