import { waitForHydration } from "../harness";
import { Screen } from "./screen";

/** The demo accounts the seed creates. */
export const ADMIN = { email: "admin@tweest.local", password: "admin12345" };
export const CUSTOMER = { email: "customer@tweest.local", password: "customer123" };

/** /login. */
export class LoginPage extends Screen {
  /** Fills and sends the form of the login page the tab is on (once hydrated). */
  async signIn(credentials: { email: string; password: string }): Promise<void> {
    await waitForHydration(this.page);
    await this.page.getByLabel("Email").fill(credentials.email);
    await this.page.getByLabel("Password").fill(credentials.password);
    await this.page.getByRole("button", { name: "Sign in" }).click();
  }
}
