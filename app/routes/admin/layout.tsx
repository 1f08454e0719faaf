import { Outlet } from "react-router";
import { AdminGuard } from "~/components/admin/admin-guard";
import { AdminShell } from "~/components/admin/admin-shell";

export function meta() {
  return [{ title: "Admin — Tweest" }, { name: "robots", content: "noindex" }];
}

/** /admin/*: guarded (token, then the server's admin check); screens load their data in the browser. */
export default function AdminLayout() {
  return (
    <AdminGuard>
      <AdminShell>
        <Outlet />
      </AdminShell>
    </AdminGuard>
  );
}
