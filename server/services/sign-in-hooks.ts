import type { Request, Response } from "express";

/**
 * Work that must follow every sign-in (password, sign-up, Google): e.g. merging the guest cart
 * into the user's. Features register here so auth code does not import them.
 */
export interface SignInContext {
  req: Request;
  res: Response;
  userId: string;
}

type SignInHook = (context: SignInContext) => Promise<void>;

const hooks: SignInHook[] = [];

export function registerSignInHook(hook: SignInHook): void {
  hooks.push(hook);
}

export async function runSignInHooks(context: SignInContext): Promise<void> {
  for (const hook of hooks) await hook(context);
}
