/** The back-office frame: a side navigation (a scrolling strip on phones), the screen, and the toasts. */
import {
  History,
  FileText,
  BadgePercent,
  FolderTree,
  Image,
  LayoutDashboard,
  LogOut,
  Banknote,
  Package,
  PhoneCall,
  Ruler,
  ScanBarcode,
  Settings,
  ShieldBan,
  Shirt,
  ShoppingBag,
  Truck,
  Star,
  Users,
  Wallet,
  Contact,
  CreditCard,
  Boxes,
  UserCog,
  ChartColumn,
} from "lucide-react";
import { useStaffAccess } from "./staff-access";
import type { ReactNode } from "react";
import { NavLink, useNavigate } from "react-router";
import { Toaster } from "sonner";
import { useAuth } from "~/lib/auth";
import { cn } from "~/lib/utils";

export const ADMIN_NAV = [
  {
    to: "/admin",
    label: "Dashboard",
    icon: LayoutDashboard,
    end: true,
    permission: "reports.read",
  },
  { to: "/admin/products", label: "Products", icon: Package, permission: "products.manage" },
  {
    to: "/admin/categories",
    label: "Categories",
    icon: FolderTree,
    permission: "categories.manage",
  },
  { to: "/admin/stock", label: "Stock", icon: Boxes, permission: "stock.manage" },
  { to: "/admin/orders", label: "Orders", icon: ShoppingBag, permission: "orders.read" },
  { to: "/admin/packing", label: "Packing", icon: ScanBarcode, permission: "orders.pack" },
  { to: "/admin/call-list", label: "Call list", icon: PhoneCall, permission: "orders.callList" },
  { to: "/admin/payments", label: "Payments", icon: Wallet, permission: "payments.read" },
  {
    to: "/admin/courier-cash",
    label: "Courier cash",
    icon: Banknote,
    permission: "courierCash.manage",
  },
  { to: "/admin/couriers", label: "Couriers", icon: Truck, permission: "couriers.configure" },
  {
    to: "/admin/payment-gateways",
    label: "Payment gateways",
    icon: CreditCard,
    permission: "gateways.configure",
  },
  { to: "/admin/customers", label: "Customers", icon: Users, permission: "customers.manage" },
  { to: "/admin/buyers", label: "Buyers", icon: Contact, permission: "buyers.read" },
  {
    to: "/admin/phone-blocks",
    label: "Blocked numbers",
    icon: ShieldBan,
    permission: "phones.block",
  },
  {
    to: "/admin/promo-codes",
    label: "Promo codes",
    icon: BadgePercent,
    permission: "promoCodes.manage",
  },
  {
    to: "/admin/tshirt-orders",
    label: "Bulk orders",
    icon: Shirt,
    permission: "bulkOrders.manage",
  },
  { to: "/admin/size-guides", label: "Size guides", icon: Ruler, permission: "sizeGuides.manage" },
  { to: "/admin/reviews", label: "Reviews", icon: Star, permission: "reviews.moderate" },
  { to: "/admin/popup-images", label: "Popup images", icon: Image, permission: "popups.manage" },
  { to: "/admin/pages", label: "Shop pages", icon: FileText, permission: "pages.manage" },
  { to: "/admin/staff", label: "Staff", icon: UserCog, permission: "staff.manage" },
  {
    to: "/admin/staff-figures",
    label: "Staff figures",
    icon: ChartColumn,
    permission: "staff.manage",
  },
  { to: "/admin/settings", label: "Settings", icon: Settings, permission: "settings.manage" },
  { to: "/admin/audit", label: "Audit", icon: History, permission: "audit.read" },
] as const;

export function AdminShell({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const { can } = useStaffAccess();
  const navigate = useNavigate();
  // Like the account screen's sign-out (token and local storage cleared); staff land on the sign-in
  // screen, ready for the next person at a shared counter computer.
  function signOut() {
    auth.logout();
    navigate("/login", { replace: true });
  }
  return (
    <div className="admin-shell mx-auto flex w-full max-w-[1400px] flex-col gap-4 px-3 py-4 md:flex-row md:px-6">
      <nav
        aria-label="Admin"
        className="admin-nav -mx-3 overflow-x-auto border-b border-stone-200 px-3 pb-2 md:mx-0 md:w-52 md:shrink-0 md:border-r md:border-b-0 md:px-0 md:pr-3"
      >
        <p className="mb-2 hidden text-xs font-semibold tracking-wide text-stone-500 uppercase md:block">
          Back office
        </p>
        <ul className="flex gap-1 md:flex-col">
          {ADMIN_NAV.filter((item) => can(item.permission)).map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={"end" in item ? item.end : false}
                className={({ isActive }) =>
                  cn(
                    "flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-stone-700 hover:bg-stone-100",
                    isActive && "bg-brand-50 text-brand-700",
                  )
                }
              >
                <item.icon className="h-4 w-4" aria-hidden="true" />
                {item.label}
              </NavLink>
            </li>
          ))}
          <li className="md:mt-2 md:border-t md:border-stone-200 md:pt-2">
            <button
              type="button"
              onClick={signOut}
              className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-stone-700 hover:bg-stone-100"
            >
              <LogOut className="h-4 w-4" aria-hidden="true" />
              Sign out
            </button>
          </li>
        </ul>
      </nav>
      <div className="min-w-0 flex-1">{children}</div>
      <Toaster richColors position="top-right" closeButton />
    </div>
  );
}
