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
  Languages,
  ChartColumn,
} from "lucide-react";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { toast } from "sonner";
import { api, errorMessage } from "~/lib/admin-api-client";
import { activateBackOfficeLocale, serverText, useBackOfficeLocale } from "./admin-i18n";
import { useStaffAccess } from "./staff-access";
import type { ReactNode } from "react";
import { NavLink, useNavigate } from "react-router";
import { Toaster } from "sonner";
import { useAuth } from "~/lib/auth";
import { cn } from "~/lib/utils";

export const ADMIN_NAV = [
  {
    to: "/admin",
    label: (i18n: I18n) => i18n._("Dashboard"),
    icon: LayoutDashboard,
    end: true,
    permission: "reports.read",
  },
  {
    to: "/admin/products",
    label: (i18n: I18n) => i18n._("Products"),
    icon: Package,
    permission: "products.manage",
  },
  {
    to: "/admin/categories",
    label: (i18n: I18n) => i18n._("Categories"),
    icon: FolderTree,
    permission: "categories.manage",
  },
  {
    to: "/admin/stock",
    label: (i18n: I18n) => i18n._("Stock"),
    icon: Boxes,
    permission: "stock.manage",
  },
  {
    to: "/admin/orders",
    label: (i18n: I18n) => i18n._("Orders"),
    icon: ShoppingBag,
    permission: "orders.read",
  },
  {
    to: "/admin/packing",
    label: (i18n: I18n) => i18n._("Packing"),
    icon: ScanBarcode,
    permission: "orders.pack",
  },
  {
    to: "/admin/call-list",
    label: (i18n: I18n) => i18n._("Call list"),
    icon: PhoneCall,
    permission: "orders.callList",
  },
  {
    to: "/admin/payments",
    label: (i18n: I18n) => i18n._("Payments"),
    icon: Wallet,
    permission: "payments.read",
  },
  {
    to: "/admin/courier-cash",
    label: (i18n: I18n) => i18n._("Courier cash"),
    icon: Banknote,
    permission: "courierCash.manage",
  },
  {
    to: "/admin/couriers",
    label: (i18n: I18n) => i18n._("Couriers"),
    icon: Truck,
    permission: "couriers.configure",
  },
  {
    to: "/admin/payment-gateways",
    label: (i18n: I18n) => i18n._("Payment gateways"),
    icon: CreditCard,
    permission: "gateways.configure",
  },
  {
    to: "/admin/customers",
    label: (i18n: I18n) => i18n._("Customers"),
    icon: Users,
    permission: "customers.manage",
  },
  {
    to: "/admin/buyers",
    label: (i18n: I18n) => i18n._("Buyers"),
    icon: Contact,
    permission: "buyers.read",
  },
  {
    to: "/admin/phone-blocks",
    label: (i18n: I18n) => i18n._("Blocked numbers"),
    icon: ShieldBan,
    permission: "phones.block",
  },
  {
    to: "/admin/promo-codes",
    label: (i18n: I18n) => i18n._("Promo codes"),
    icon: BadgePercent,
    permission: "promoCodes.manage",
  },
  {
    to: "/admin/tshirt-orders",
    label: (i18n: I18n) => i18n._("Bulk orders"),
    icon: Shirt,
    permission: "bulkOrders.manage",
  },
  {
    to: "/admin/size-guides",
    label: (i18n: I18n) => i18n._("Size guides"),
    icon: Ruler,
    permission: "sizeGuides.manage",
  },
  {
    to: "/admin/reviews",
    label: (i18n: I18n) => i18n._("Reviews"),
    icon: Star,
    permission: "reviews.moderate",
  },
  {
    to: "/admin/popup-images",
    label: (i18n: I18n) => i18n._("Popup images"),
    icon: Image,
    permission: "popups.manage",
  },
  {
    to: "/admin/pages",
    label: (i18n: I18n) => i18n._("Shop pages"),
    icon: FileText,
    permission: "pages.manage",
  },
  {
    to: "/admin/staff",
    label: (i18n: I18n) => i18n._("Staff"),
    icon: UserCog,
    permission: "staff.manage",
  },
  {
    to: "/admin/staff-figures",
    label: (i18n: I18n) => i18n._("Staff figures"),
    icon: ChartColumn,
    permission: "staff.manage",
  },
  {
    to: "/admin/settings",
    label: (i18n: I18n) => i18n._("Settings"),
    icon: Settings,
    permission: "settings.manage",
  },
  {
    to: "/admin/audit",
    label: (i18n: I18n) => i18n._("Audit"),
    icon: History,
    permission: "audit.read",
  },
] as const;

export function AdminShell({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const { can } = useStaffAccess();
  const navigate = useNavigate();
  const { i18n } = useLingui();
  // Like the account screen's sign-out (token and local storage cleared); staff land on the sign-in
  // screen, ready for the next person at a shared counter computer.
  function signOut() {
    auth.logout();
    navigate("/login", { replace: true });
  }
  return (
    <div className="admin-shell mx-auto flex w-full max-w-[1400px] flex-col gap-4 px-3 py-4 md:flex-row md:px-6">
      <nav
        aria-label={i18n._("Admin")}
        className="admin-nav -mx-3 overflow-x-auto border-b border-stone-200 px-3 pb-2 md:mx-0 md:w-52 md:shrink-0 md:border-r md:border-b-0 md:px-0 md:pr-3"
      >
        <p className="mb-2 hidden text-xs font-semibold tracking-wide text-stone-500 uppercase md:block">
          {i18n._("Back office")}
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
                {item.label(i18n)}
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
              {i18n._("Sign out")}
            </button>
          </li>
          <li>
            <LanguageSwitch />
          </li>
        </ul>
      </nav>
      <div className="min-w-0 flex-1">{children}</div>
      {/* sonner's own labels, in the back office's language (its default hotkey, alt+T). */}
      <Toaster
        richColors
        position="top-right"
        closeButton
        customAriaLabel={i18n._("Notifications alt+T")}
        toastOptions={{ closeButtonAriaLabel: i18n._("Close toast") }}
      />
    </div>
  );
}

/**
 * The staff member's own language switch: saved on their account (PUT /api/users/admin-locale, so
 * it follows them to another computer), then every screen renders in it, without a reload. Each
 * language names itself, so someone who cannot read the other one still finds their way back.
 */
function LanguageSwitch() {
  const locale = useBackOfficeLocale();
  const [pending, setPending] = useState(false);
  const next = locale === "bn" ? "en" : "bn";
  async function choose() {
    setPending(true);
    try {
      await api.backOfficeLanguage.choose(next);
      await activateBackOfficeLocale(next);
    } catch (error) {
      toast.error(serverText(errorMessage(error)));
    } finally {
      setPending(false);
    }
  }
  return (
    <button
      type="button"
      onClick={() => void choose()}
      disabled={pending}
      lang={next}
      data-testid="admin-language"
      className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-stone-700 hover:bg-stone-100 disabled:opacity-60"
    >
      <Languages className="h-4 w-4" aria-hidden="true" />
      {next === "bn" ? "বাংলা" : "English"}
    </button>
  );
}
