import { Screen } from "./screen";

/** A back-office screen. */
export class AdminPage extends Screen {
  /** Opens an admin screen: hydrated, the admin navigation shown and the list loaded. */
  async open(pathname: string): Promise<void> {
    await this.visit(pathname);
    await this.page.getByRole("navigation", { name: "Admin" }).waitFor();
    await this.page.getByTestId("admin-skeleton").first().waitFor({ state: "detached" });
  }

  /** Reaches an admin screen as the admin does: the dashboard, then its link in the navigation. */
  async openFromNavigation(linkName: string, pathname: string): Promise<void> {
    await this.visit("/admin");
    await this.page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: linkName })
      .click();
    await this.page.waitForURL((url) => url.pathname === pathname);
  }

  /**
   * The back office's toast (sonner) whose whole text is `text`, or whose text matches the pattern
   * `text` (for a text with a generated part, anchored by the caller). A toast is all the admin sees
   * of most saves and refusals, so tests read it to the letter.
   */
  toast(text: string | RegExp) {
    const whole = typeof text === "string" ? new RegExp(`^${escapeRegExp(text)}$`) : text;
    return this.page.locator("[data-sonner-toast]", { hasText: whole }).first();
  }

  /** The pager under an admin list. */
  get pager() {
    return this.page.getByRole("navigation", { name: "Pages" });
  }
}

/** `text` as a pattern that matches it literally. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
