import { useLingui } from "@lingui/react";
import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { ApiError } from "~/lib/api-client";
import { request } from "~/lib/api/transport";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import { useLocalizedPath } from "~/lib/i18n/i18n";

export function meta() {
  return [{ title: "Staff password — Tweest" }, { name: "robots", content: "noindex" }];
}

/**
 * A staff invitation's link (`?t=`, docs/staff-roles.md): the invitee chooses the password they
 * will sign in with. The server checks the link (signed, 3 days, once) and says what went wrong.
 */
export default function StaffInvite() {
  const { i18n } = useLingui();
  const localePath = useLocalizedPath();
  const [searchParams] = useSearchParams();
  const [password, setPassword] = useState("");
  const [state, setState] = useState<{ done?: string; error?: string; pending?: boolean }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState({ pending: true });
    try {
      // Called here, not through api.auth: this one page's request stays out of every other page's scripts.
      const answer = await request<{ message: string }>("/auth/staff-invite", {
        method: "POST",
        body: { token: searchParams.get("t") ?? "", password },
      });
      setState({ done: answer?.message ?? "" });
    } catch (error) {
      const message =
        error instanceof ApiError || error instanceof Error ? error.message : String(error);
      setState({ error: message });
    }
  }

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="mb-2 text-2xl font-semibold">{i18n._("Set your staff password")}</h1>
      {state.done !== undefined ? (
        <div role="status" className="space-y-4">
          <p>{shopperMessage(i18n, state.done)}</p>
          <Link className="text-brand-700 underline" to={localePath("/login")}>
            {i18n._("Go to sign in")}
          </Link>
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          <p className="text-sm text-stone-600">
            {i18n._("Choose the password you will sign in with, with your email.")}
          </p>
          <label className="block text-sm font-medium" htmlFor="staff-password">
            {i18n._("New password")}
          </label>
          <input
            id="staff-password"
            type="password"
            autoComplete="new-password"
            className="h-11 w-full rounded-md border border-stone-300 px-3"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {state.error && (
            <p role="alert" className="text-sm text-red-700">
              {shopperMessage(i18n, state.error)}
            </p>
          )}
          <Button type="submit" disabled={state.pending} className="w-full">
            {i18n._("Set password")}
          </Button>
        </form>
      )}
    </div>
  );
}
