import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { rememberRedirectAfterLogin } from "~/lib/auth";

/** Without a token and without `guest=true`: sign in first, or continue as a guest. */
export function SignInOrGuest() {
  return (
    <div className="mx-auto max-w-md px-4 py-10 text-center">
      <h1 className="text-2xl font-extrabold">Checkout</h1>
      <p className="mt-2 text-stone-600">
        Sign in for faster checkout and order history, or continue as a guest.
      </p>
      <div className="mt-6 flex flex-col gap-2">
        <Button asChild size="lg">
          <Link to="/login" onClick={() => rememberRedirectAfterLogin("/checkout")}>
            Sign in
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/checkout?guest=true" data-testid="checkout-as-guest">
            Continue as guest
          </Link>
        </Button>
      </div>
    </div>
  );
}
