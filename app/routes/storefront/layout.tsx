import { Outlet } from "react-router";
import { RouteErrorPage } from "~/components/layout/route-error";
import type { Route } from "./+types/layout";

/**
 * The storefront's screens (pathless: it adds no URL segment and no data). Its error boundary keeps
 * the header and footer around a failed screen, so the shopper can carry on from there.
 */
export default function StorefrontLayout() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
