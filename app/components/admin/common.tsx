/**
 * Small building blocks shared by the admin screens: data loading, confirmation, paging, status
 * badges and skeletons (a change's toast and field errors: admin-action.ts).
 */
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation, useNavigation, useRevalidator } from "react-router";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { ApiError, errorMessage } from "~/lib/api-client";
import { rememberRedirectAfterLogin } from "~/lib/auth";
import { cn } from "~/lib/utils";
import { adminScreenAllowed } from "./admin-access";
import { useLingui } from "@lingui/react";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import { formatNumber, toLocale } from "#contract/i18n";
import { statusText } from "./admin-i18n";

// ---------------------------------------------------------------------------------------------------
// Data

export interface AdminData<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload(): void;
}

/** One answer a screen's clientLoader fetched: the data, or the message of its failure. */
export interface Loaded<T> {
  data: T | null;
  error: string | null;
}

/**
 * For an admin screen's clientLoader: runs `load` once the admin check said yes (else loads nothing;
 * the layout shows the refusal). A failure becomes the screen's error note with "Retry", as before,
 * rather than the error page: the rest of the screen stays usable.
 */
export async function loadForAdmin<T>(
  request: Request,
  load: () => Promise<T>,
): Promise<Loaded<T>> {
  if (!(await adminScreenAllowed(request))) return { data: null, error: null };
  try {
    return { data: await load(), error: null };
  } catch (cause) {
    // The API client sent the browser to /login remembering the page it was on; a loader runs
    // before the navigation is done, so that is the previous screen: remember this one instead.
    if (cause instanceof ApiError && cause.flags.redirectedToLogin) {
      const url = new URL(request.url);
      rememberRedirectAfterLogin(`${url.pathname}${url.search}`);
    }
    console.error("[admin] load failed", cause);
    return { data: null, error: errorMessage(cause) };
  }
}

/**
 * A clientLoader answer as a screen uses it: `reload` runs the route's loaders again, `loading` is
 * true while they (or a navigation to another page of this screen) run.
 */
export function useLoadedData<T>(loaded: Loaded<T>): AdminData<T> {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loading =
    revalidator.state === "loading" ||
    (navigation.state === "loading" && navigation.location.pathname === pathname);
  const reload = useCallback(() => void revalidator.revalidate(), [revalidator]);
  return { data: loaded.data, error: loaded.error, loading, reload };
}

/**
 * Runs `load` in the browser whenever `key` changes; keeps the last answer while reloading. For data
 * a screen opens on demand (an order's details); a screen's own data comes from its clientLoader.
 */
export function useAdminData<T>(
  load: () => Promise<T>,
  key: string,
): AdminData<T> & { setData(update: (current: T | null) => T | null): void } {
  const [data, setDataState] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    let alive = true;
    setLoading(true);
    loadRef
      .current()
      .then((answer) => {
        if (!alive) return;
        setDataState(answer);
        setError(null);
      })
      .catch((cause: unknown) => {
        if (!alive) return;
        console.error("[admin] load failed", cause);
        setError(errorMessage(cause));
      })
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [key, tick]);

  const reload = useCallback(() => setTick((value) => value + 1), []);
  const setData = useCallback(
    (update: (current: T | null) => T | null) => setDataState((current) => update(current)),
    [],
  );
  return { data, error, loading, reload, setData };
}

/** Lists come as an array or wrapped ({products}, {orders}, {payments}...). */
export function listOf<T>(answer: unknown, key: string): T[] {
  if (Array.isArray(answer)) return answer as T[];
  if (answer && typeof answer === "object") {
    const value = (answer as Record<string, unknown>)[key];
    if (Array.isArray(value)) return value as T[];
  }
  return [];
}

// ---------------------------------------------------------------------------------------------------
// Confirmation (every destructive action asks first)

export function ConfirmAction({
  title,
  description,
  confirmLabel,
  destructive = true,
  onConfirm,
  children,
}: {
  title: string;
  description: ReactNode;
  confirmLabel?: string;
  destructive?: boolean;
  onConfirm: () => void | Promise<void>;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{children}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{i18n._("Cancel")}</AlertDialogCancel>
          <AlertDialogAction destructive={destructive} onClick={() => void onConfirm()}>
            {confirmLabel ?? i18n._("Delete")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

// ---------------------------------------------------------------------------------------------------
// Layout pieces

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-stone-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

export function Panel({
  title,
  children,
  className,
  actions,
}: {
  title?: string;
  children: ReactNode;
  className?: string;
  actions?: ReactNode;
}) {
  return (
    <section className={cn("rounded-lg border border-stone-200 bg-white p-4", className)}>
      {(title || actions) && (
        <div className="mb-3 flex items-center justify-between gap-2">
          {title && <h2 className="font-semibold text-stone-900">{title}</h2>}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

export function ErrorNote({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { i18n } = useLingui();
  return (
    <div
      role="alert"
      className="mb-4 flex items-center justify-between gap-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
    >
      <span>{shopperMessage(i18n, message)}</span>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry}>
          {i18n._("Retry")}
        </Button>
      )}
    </div>
  );
}

export function TableSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div className="space-y-2" data-testid="admin-skeleton">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}

/** A horizontally scrollable table with the admin look. */
export function DataTable({ children, className }: { children: ReactNode; className?: string }) {
  return (
    // `relative`: an absolutely placed child (a screen-reader-only label) scrolls with the table
    // instead of widening the page on a phone.
    <div
      className={cn(
        "relative overflow-x-auto rounded-lg border border-stone-200 bg-white",
        className,
      )}
    >
      <table className="w-full min-w-[640px] text-left text-sm [&_td]:px-3 [&_td]:py-2 [&_th]:bg-stone-50 [&_th]:px-3 [&_th]:py-2 [&_th]:text-xs [&_th]:font-semibold [&_th]:tracking-wide [&_th]:text-stone-600 [&_th]:uppercase [&_tr]:border-b [&_tr]:border-stone-100">
        {children}
      </table>
    </div>
  );
}

export function EmptyRow({ colSpan, text }: { colSpan: number; text?: string }) {
  const { i18n } = useLingui();
  return (
    <tr>
      <td colSpan={colSpan} className="py-8 text-center text-stone-500">
        {text ?? i18n._("Nothing here yet.")}
      </td>
    </tr>
  );
}

/** Server-side paging: `page` is 1-based here. */
export function Pagination({
  page,
  totalPages,
  total,
  onPage,
}: {
  page: number;
  totalPages: number;
  total?: number;
  onPage: (page: number) => void;
}) {
  const { i18n } = useLingui();
  const pages = Math.max(1, totalPages);
  const locale = toLocale(i18n.locale);
  const numbers = { page: formatNumber(page, locale), pages: formatNumber(pages, locale) };
  return (
    <nav
      aria-label={i18n._("Pages")}
      className="mt-3 flex items-center justify-between gap-2 text-sm"
    >
      <span className="text-stone-600">
        {i18n._("Page {page} of {pages}", numbers)}
        {total !== undefined &&
          ` · ${i18n._("{total} in all", { total: formatNumber(total, locale) })}`}
      </span>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          aria-label={i18n._("Previous page")}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden="true" /> {i18n._("Prev")}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
          aria-label={i18n._("Next page")}
        >
          {i18n._("Next")} <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

const BADGE: Record<string, string> = {
  PENDING: "bg-amber-100 text-amber-800",
  PLACED: "bg-sky-100 text-sky-800",
  CONFIRMED: "bg-indigo-100 text-indigo-800",
  SHIPPED: "bg-violet-100 text-violet-800",
  DELIVERED: "bg-emerald-100 text-emerald-800",
  COMPLETED: "bg-emerald-100 text-emerald-800",
  CANCELLED: "bg-stone-200 text-stone-700",
  FAILED: "bg-red-100 text-red-800",
  REFUNDED: "bg-stone-200 text-stone-700",
  NEW: "bg-sky-100 text-sky-800",
  QUOTED: "bg-amber-100 text-amber-800",
  IN_PRODUCTION: "bg-violet-100 text-violet-800",
  ACTIVE: "bg-emerald-100 text-emerald-800",
  HIDDEN: "bg-stone-200 text-stone-700",
  ADMIN: "bg-brand-100 text-brand-700",
  CUSTOMER: "bg-stone-100 text-stone-700",
};

export function StatusBadge({ status }: { status: string | undefined | null }) {
  const { i18n } = useLingui();
  const text = String(status ?? "—").toUpperCase();
  return (
    <span
      className={cn(
        "inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap",
        BADGE[text] ?? "bg-stone-100 text-stone-700",
      )}
    >
      {statusText(i18n, text)}
    </span>
  );
}

// Dates in the back office's language, where the screens have always imported them from.
export { formatDate } from "./admin-i18n";
