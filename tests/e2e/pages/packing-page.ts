import { AdminPage } from "./admin-page";

/** The packing table (/admin/packing): one input a scanner types into, then Enter. */
export class PackingPage extends AdminPage {
  get input() {
    return this.page.locator("#scan-input");
  }

  get feedback() {
    return this.page.getByTestId("scan-feedback");
  }

  /**
   * Scans `code` as a USB scanner does (keys, then Enter) and waits for the screen's answer to it;
   * answers its colour state (`right`, `wrong`, `packed`) and text.
   */
  async scan(code: string): Promise<{ state: string; text: string }> {
    const before = Number(await this.feedback.getAttribute("data-answers"));
    await this.input.focus();
    await this.page.keyboard.type(code);
    await this.page.keyboard.press("Enter");
    await this.page
      .locator(`[data-testid="scan-feedback"][data-answers="${before + 1}"]`)
      .waitFor();
    return {
      state: (await this.feedback.getAttribute("data-state")) ?? "",
      text: ((await this.feedback.textContent()) ?? "").trim(),
    };
  }

  /** Each line's "scanned / ordered", in the order's order. */
  async counts(): Promise<string[]> {
    return (await this.page.getByTestId("pack-count").allTextContents()).map((text) =>
      text.replace(/\s+/g, " ").trim(),
    );
  }
}
