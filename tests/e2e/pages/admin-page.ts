import type { Locator } from "playwright-core";
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

  /**
   * What a phone would cut off inside `scope`: each visible element whose box leaves the viewport's
   * width, or whose text is wider than its own box where that box hides the rest. Of a strip that
   * scrolls sideways (the queue tabs) only the strip itself must fit. Empty: it all fits.
   */
  offScreen(scope: Locator): Promise<string[]> {
    return scope.evaluate((root) => {
      const width = document.documentElement.clientWidth;
      const found: string[] = [];
      const visit = (element: Element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        const shown = box.width > 1 && box.height > 1 && style.visibility !== "hidden";
        // A field's text scrolls inside it by design; its box must still fit.
        const field = ["INPUT", "SELECT", "TEXTAREA"].includes(element.tagName);
        const hides = !field && (style.overflowX === "hidden" || style.overflowX === "clip");
        // Screen-reader-only content (a table's head on a phone) is a 1 px box hiding the rest.
        if (!shown && (style.overflowX === "hidden" || style.overflowX === "clip")) return;
        if (
          shown &&
          (box.left < -0.5 ||
            box.right > width + 0.5 ||
            (hides && element.scrollWidth > element.clientWidth + 1))
        )
          found.push(
            `<${element.tagName.toLowerCase()}> "${(element.textContent ?? "").trim().slice(0, 40)}" ${Math.round(box.left)}..${Math.round(box.right)} of ${width}`,
          );
        const scrollsSideways =
          (style.overflowX === "auto" || style.overflowX === "scroll") &&
          element.scrollWidth > element.clientWidth;
        if (!scrollsSideways) for (const child of element.children) visit(child);
      };
      visit(root);
      return found;
    });
  }

  /**
   * The controls inside `scope` a thumb cannot hit: visible buttons, links, fields and tabs less
   * than 44 px high (a checkbox is measured by the label around it, which takes the tap).
   */
  smallTapTargets(scope: Locator): Promise<string[]> {
    return scope.evaluate((root) => {
      const controls = root.querySelectorAll(
        "button, a[href], input, select, textarea, [role=tab]",
      );
      const found: string[] = [];
      for (const control of controls) {
        const input = control instanceof HTMLInputElement ? control : null;
        if (input?.type === "hidden") continue;
        const target =
          input && ["checkbox", "radio"].includes(input.type)
            ? (control.closest("label") ?? control)
            : control;
        const box = target.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue;
        if (box.height < 44)
          found.push(
            `<${control.tagName.toLowerCase()}> "${(control.textContent || control.getAttribute("aria-label") || "").trim().slice(0, 40)}" ${Math.round(box.height)} px`,
          );
      }
      return found;
    });
  }
}

/** `text` as a pattern that matches it literally. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
