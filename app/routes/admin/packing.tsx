/**
 * The packing table (docs/packing.md): scan the order's barcode (its number), then each unit's
 * label. A USB scanner types the code and presses Enter, so one input, always focused, takes
 * both; each scan is checked by the server at once (the scans so far plus this one) and answered
 * with a colour and a tone. When every unit is in, the order is packed and the table is ready
 * for the next one.
 */
import { Camera, CheckCircle2, Circle, ScanBarcode } from "lucide-react";
import { lazy, Suspense, useRef, useState, type FormEvent } from "react";
import { PageHeader, Panel } from "~/components/admin/common";
import { playTone, type ScanTone } from "~/components/admin/scan-tones";
import { Button } from "~/components/ui/button";
import { api, ApiError } from "~/lib/admin-api-client";
import { cn } from "~/lib/utils";
import type { PackAnswer } from "#contract/schemas/packing";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { backOfficeI18n, formatCount, serverText } from "~/components/admin/admin-i18n";
import { colorName } from "~/lib/i18n/color-names";

// The camera and its decoder load only when the packer opens the camera.
const CameraScanner = lazy(() =>
  import("~/components/admin/camera-scanner").then((module) => ({
    default: module.CameraScanner,
  })),
);

export function meta() {
  return [
    { title: `${backOfficeI18n._("Packing")} — Tweest admin` },
    { name: "robots", content: "noindex" },
  ];
}

/** The answer to the last scan; `count` numbers the answers (two equal answers in a row differ). */
type Feedback = { tone: ScanTone; text: string; count: number } | undefined;

const FEEDBACK_STYLE: Record<ScanTone, string> = {
  right: "border-green-300 bg-green-50 text-green-800",
  wrong: "border-red-300 bg-red-50 text-red-800",
  packed: "border-green-600 bg-green-600 text-white",
};

function messageOf(i18n: I18n, error: unknown): string {
  return error instanceof ApiError
    ? serverText(error.message)
    : i18n._("The scan could not be checked; try again.");
}

export default function PackingScreen() {
  const { i18n } = useLingui();
  const [order, setOrder] = useState<PackAnswer>();
  const [feedback, setFeedback] = useState<Feedback>();
  const [camera, setCamera] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The parcel in hand, read by the scans queued behind each other (a scanner can be faster than
  // the server's answer: no scan is dropped, each is checked after the one before).
  const parcel = useRef<{ order?: PackAnswer; scans: string[] }>({ scans: [] });
  const queue = useRef<Promise<void>>(Promise.resolve());
  const packing = order !== undefined && order.packedAt === null;

  function answer(tone: ScanTone, text: string) {
    setFeedback((last) => ({ tone, text, count: (last?.count ?? 0) + 1 }));
    playTone(tone);
  }

  function show(opened: PackAnswer | undefined, scans: string[]) {
    parcel.current = { order: opened, scans };
    setOrder(opened);
  }

  /** One scan: the order's number when no parcel is open (or the last one is packed), else a unit. */
  async function check(code: string) {
    const { order: open, scans } = parcel.current;
    try {
      if (!open || open.packedAt) {
        const opened = await api.packing.pack(code, []);
        show(opened, []);
        answer("right", i18n._("Order {number}: scan each item", { number: opened.orderNumber }));
        return;
      }
      const next = [...scans, code];
      const checked = await api.packing.pack(open.orderId, next);
      show(checked, next);
      if (checked.packedAt)
        answer("packed", i18n._("Packed: order {number}", { number: checked.orderNumber }));
      else answer("right", `${code} ✓`);
    } catch (error) {
      answer("wrong", messageOf(i18n, error));
    }
  }

  function scan(text: string) {
    const code = text.trim();
    if (!code) return;
    queue.current = queue.current.then(() => check(code)).finally(() => input.current?.focus());
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const field = input.current!;
    const text = field.value;
    field.value = "";
    scan(text);
  }

  function nextOrder() {
    show(undefined, []);
    setFeedback(undefined);
    input.current?.focus();
  }

  const label = packing
    ? i18n._("Scan an item")
    : i18n._("Scan the order's barcode or type its number");
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={i18n._("Packing")}
        description={i18n._(
          "Scan the order, then every item going into the parcel: a wrong item or one too many is refused at once.",
        )}
      />
      <Panel>
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <label className="flex-1 text-sm font-medium text-stone-700" htmlFor="scan-input">
            {label}
            <input
              ref={input}
              id="scan-input"
              name="code"
              autoFocus
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              enterKeyHint="go"
              className="mt-1 h-12 w-full rounded-md border border-stone-300 px-3 font-mono text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
            />
          </label>
          <div className="flex gap-2">
            <Button type="submit" className="min-h-12 flex-1">
              <ScanBarcode className="h-4 w-4" aria-hidden="true" />
              {i18n._("Check")}
            </Button>
            <Button
              type="button"
              variant="outline"
              className="min-h-12 flex-1"
              onClick={() => setCamera((open) => !open)}
            >
              <Camera className="h-4 w-4" aria-hidden="true" />
              {i18n._("Scan with camera")}
            </Button>
          </div>
        </form>
        {camera && (
          <Suspense
            fallback={
              <p className="mt-3 text-sm text-stone-500">{i18n._("Opening the camera…")}</p>
            }
          >
            <CameraScanner onCode={scan} onClose={() => setCamera(false)} />
          </Suspense>
        )}
        <p
          role="status"
          aria-live="assertive"
          data-testid="scan-feedback"
          data-state={feedback?.tone ?? "idle"}
          data-answers={feedback?.count ?? 0}
          className={cn(
            "mt-3 min-h-12 rounded-md border px-3 py-3 text-base font-semibold",
            feedback ? FEEDBACK_STYLE[feedback.tone] : "border-transparent text-stone-500",
          )}
        >
          {feedback?.text ?? i18n._("Ready for an order.")}
        </p>
      </Panel>
      {order && (
        <Panel
          className="mt-4"
          title={i18n._("Order {number}", { number: order.orderNumber })}
          actions={
            <Button type="button" variant="outline" className="min-h-11" onClick={nextOrder}>
              {i18n._("Next order")}
            </Button>
          }
        >
          <ul aria-label={i18n._("Items to pack")} className="divide-y divide-stone-100">
            {order.lines.map((line) => (
              <li
                key={line.lineId}
                data-testid="pack-line"
                data-complete={line.complete}
                className="flex items-center gap-3 py-3"
              >
                {line.complete ? (
                  <CheckCircle2
                    className="h-6 w-6 shrink-0 text-green-600"
                    aria-label={i18n._("Complete")}
                  />
                ) : (
                  <Circle
                    className="h-6 w-6 shrink-0 text-stone-300"
                    aria-label={i18n._("Not complete")}
                  />
                )}
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words text-stone-900">{line.title}</p>
                  <p className="text-sm break-all text-stone-600">
                    {colorName(line.color, i18n)} / {line.size} ·{" "}
                    <span className="font-mono">{line.sku || i18n._("no SKU")}</span>
                  </p>
                </div>
                <span className="text-lg font-semibold tabular-nums" data-testid="pack-count">
                  {formatCount(line.scanned)} / {formatCount(line.quantity)}
                </span>
              </li>
            ))}
          </ul>
        </Panel>
      )}
    </div>
  );
}
