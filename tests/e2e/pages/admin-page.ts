import { Screen } from "./screen";

/** A back-office screen. */
export class AdminPage extends Screen {
  /** Opens an admin screen: hydrated, the admin navigation shown and the list loaded. */
  async open(pathname: string): Promise<void> {
    await this.visit(pathname);
    await this.page.getByRole("navigation", { name: "Admin" }).waitFor();
    await this.page.getByTestId("admin-skeleton").first().waitFor({ state: "detached" });
  }

  /** The pager under an admin list. */
  get pager() {
    return this.page.getByRole("navigation", { name: "Pages" });
  }
}
