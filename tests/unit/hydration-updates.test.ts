// @vitest-environment happy-dom
/**
 * What the storefront's shared components do right after a page hydrates (docs/performance.md,
 * "Hydration without a second render"): nothing that makes React render again at once. A
 * synchronous update scheduled then is rendered in the same task as the hydration's commit and
 * pulls every pending effect of the page into it: one long task on a slow phone.
 *
 * - A closed dialog mounts nothing of its content, so Radix's presence tracker (which updates its
 *   state in a layout effect when it mounts) is not there to update; opened once, the content
 *   stays mounted and closes as Radix closes it.
 * - The header's cart badge renders again only when the count changes, not when the first load
 *   marks the cart as ready.
 */
import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, createElement, Profiler, type ProfilerOnRenderCallback } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  publishCart,
  refreshCart,
  resetCartForTests,
  useCartCount,
} from "~/components/cart/cart-context";
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import type { Cart } from "~/lib/api-client";

// React Router's hooks (useFetchers) need a data router; the cart badge is rendered inside one.
import { createMemoryRouter, RouterProvider } from "react-router";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18n = setupI18n({ locale: "en", messages: { en: {} } });
const withI18n = (element: React.ReactElement) => createElement(I18nProvider, { i18n }, element);

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  resetCartForTests();
});

/** Server-renders `element`, hydrates it, and returns the commits React made (mount, update…). */
function hydrateCountingCommits(element: React.ReactElement): string[] {
  const commits: string[] = [];
  const onRender: ProfilerOnRenderCallback = (_id, phase) => commits.push(phase);
  const tree = withI18n(createElement(Profiler, { id: "page", onRender }, element));
  const container = document.createElement("div");
  container.innerHTML = renderToString(tree);
  document.body.append(container);
  commits.length = 0;
  act(() => {
    root = hydrateRoot(container, tree);
  });
  return commits;
}

function GuestDialog() {
  return createElement(
    Dialog,
    null,
    createElement(DialogTrigger, null, "Size guide"),
    createElement(
      DialogContent,
      { "aria-describedby": undefined },
      createElement(DialogTitle, null, "Size guide"),
    ),
  );
}

describe("a closed dialog on a hydrating page", () => {
  it("hydrates in one commit, with nothing of its content mounted", () => {
    const commits = hydrateCountingCommits(
      createElement("main", null, createElement(GuestDialog), createElement(GuestDialog)),
    );
    expect(commits).toEqual(["mount"]);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it("opens on its trigger, closes, and opens again", async () => {
    hydrateCountingCommits(createElement(GuestDialog));
    const trigger = document.querySelector("button")!;
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    act(() => trigger.click());
    // Radix's part loads on first opening (components/ui/dialog-content.tsx).
    await vi.waitFor(() =>
      expect(document.querySelector('[role="dialog"]')?.textContent).toContain("Size guide"),
    );
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    expect(trigger.getAttribute("aria-controls")).toBe(
      document.querySelector('[role="dialog"]')!.id,
    );
    await act(async () => {
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    act(() => trigger.click());
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
  });

  it("shows a dialog that is open from the start (controlled)", async () => {
    hydrateCountingCommits(
      createElement(
        Dialog,
        { open: true },
        createElement(
          DialogContent,
          { "aria-describedby": undefined },
          createElement(DialogTitle, null, "Continue as guest?"),
        ),
      ),
    );
    await vi.waitFor(() =>
      expect(document.querySelector('[role="dialog"]')?.textContent).toContain(
        "Continue as guest?",
      ),
    );
  });
});

describe("the header's cart badge", () => {
  function badgeRouter(onRender: () => void) {
    function Badge() {
      onRender();
      return createElement("span", null, String(useCartCount()));
    }
    return createMemoryRouter([{ path: "/", element: createElement(Badge) }]);
  }

  it("does not render again when the first load only marks the cart ready", async () => {
    let renders = 0;
    const router = badgeRouter(() => renders++);
    const container = document.createElement("div");
    document.body.append(container);
    const { createRoot } = await import("react-dom/client");
    const client = createRoot(container);
    root = client;
    act(() => client.render(createElement(RouterProvider, { router })));
    const before = renders;
    // A first visit: no token, no guest cart, so the load marks the cart ready without a request.
    await act(async () => {
      await refreshCart();
    });
    expect(renders).toBe(before);
    expect(container.textContent).toBe("0");

    await act(async () => {
      publishCart({ cartItems: [{ _id: "line-1", quantity: 3 }] } as unknown as Cart);
    });
    expect(renders).toBe(before + 1);
    expect(container.textContent).toBe("3");
  });
});
