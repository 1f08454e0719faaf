import { useLingui } from "@lingui/react";
import { Button } from "~/components/ui/button";
import { rememberRedirectAfterLogin } from "~/lib/auth";
import { LocalLink, useLocalizedPath } from "~/lib/i18n/i18n";

/** Without a token and without `guest=true`: sign in first, or continue as a guest. */
export function SignInOrGuest() {
  const { i18n } = useLingui();
  const localizedPath = useLocalizedPath();
  return (
    <div className="mx-auto max-w-md px-4 py-10 text-center">
      <h1 className="text-2xl font-extrabold">{i18n._("Checkout")}</h1>
      <p className="mt-2 text-stone-600">
        {i18n._("Sign in for faster checkout and order history, or continue as a guest.")}
      </p>
      <div className="mt-6 flex flex-col gap-2">
        <Button asChild size="lg">
          <LocalLink
            to="/login"
            onClick={() => rememberRedirectAfterLogin(localizedPath("/checkout"))}
          >
            {i18n._("Sign in")}
          </LocalLink>
        </Button>
        <Button asChild size="lg" variant="outline">
          <LocalLink to="/checkout?guest=true" data-testid="checkout-as-guest">
            {i18n._("Continue as guest")}
          </LocalLink>
        </Button>
      </div>
    </div>
  );
}
