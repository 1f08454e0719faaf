import type { ComponentProps } from "react";
import { Header } from "~/components/layout/header";
import { useCartCount } from "./cart-context";

/** The site header with the cart badge fed by the shared cart. */
export function CartHeader(props: Omit<ComponentProps<typeof Header>, "cartCount">) {
  return <Header {...props} cartCount={useCartCount()} />;
}
