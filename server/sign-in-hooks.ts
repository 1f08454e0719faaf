import type { Request, Response } from "express";
import { forgetGuestCart, readGuestId } from "./middleware/cart-owner.js";
import { mergeGuestCart } from "./services/cart.service.js";

export interface SignInContext {
  userId: string;
  /** The guest cart the browser had before signing in, if any. */
  guestId?: string;
}

export type SignInHook = (context: SignInContext) => Promise<void>;

/**
 * Work that follows every sign-in (password, sign-up, Google), in this order. createApp() uses
 * this list unless given another (`signInHooks`, for tests that watch sign-ins).
 */
export const SIGN_IN_HOOKS: readonly SignInHook[] = [
  // The guest's cart joins the user's (quantities added, capped by stock).
  async ({ userId, guestId }) => {
    if (guestId) await mergeGuestCart(guestId, userId);
  },
];

/**
 * For the sign-in routes, once the user is known: runs the app's sign-in hooks, then ends the
 * guest session (its cookie goes; the cart is the user's now).
 */
export async function afterSignIn(req: Request, res: Response, userId: string): Promise<void> {
  const guestId = readGuestId(req);
  const hooks = (req.app.locals.signInHooks as readonly SignInHook[] | undefined) ?? SIGN_IN_HOOKS;
  for (const hook of hooks) await hook({ userId, guestId });
  if (guestId) forgetGuestCart(res);
}
