/**
 * The queues of the owner's day (docs/order-desk.md): as tabs above the orders list (each a
 * filter of it) and as the dashboard's to-do list. Counts come from GET /api/admin/orders/queues;
 * incomplete checkouts are not orders, so that queue opens the call list instead.
 */
import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { ErrorNote, Panel, useAdminData } from "~/components/admin/common";
import { api } from "~/lib/admin-api-client";
import { cn } from "~/lib/utils";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { formatCount } from "./admin-i18n";
import type { QueueId, QueuesAnswer } from "#contract/schemas/order-desk";

const queueLabels = (i18n: I18n): Record<QueueId, { label: string; hint: string }> => ({
  "to-confirm": { label: i18n._("To confirm"), hint: i18n._("Placed: call the customer") },
  "to-pack": {
    label: i18n._("To pack"),
    hint: i18n._("Confirmed: scan each item into the parcel"),
  },
  "to-ship": { label: i18n._("To ship"), hint: i18n._("Packed, or booked and waiting for pickup") },
  "in-transit": { label: i18n._("In transit"), hint: i18n._("With the courier") },
  returning: { label: i18n._("Returning"), hint: i18n._("Refused, on the way back") },
  incomplete: { label: i18n._("Incomplete checkouts"), hint: i18n._("Typed a mobile and left") },
});

/** Where a queue's work is done: the orders list filtered by it, or the call list. */
export function queueHref(id: QueueId): string {
  return id === "incomplete" ? "/admin/call-list" : `/admin/orders?queue=${id}`;
}

/** The queues' counts, loaded again whenever `key` changes (after a change to orders). */
export function useQueues(key = "queues") {
  return useAdminData<QueuesAnswer>(() => api.orderDesk.queues(), key);
}

/** The tabs above the orders list: "All orders", then each order queue with its count. */
export function QueueTabs({
  queues,
  current,
  onPick,
}: {
  queues: QueuesAnswer["queues"];
  current: string;
  onPick: (queue: string) => void;
}) {
  const { i18n } = useLingui();
  const labels = queueLabels(i18n);
  const tab = (id: string, label: string, count?: number) => (
    <button
      key={id || "all"}
      type="button"
      role="tab"
      aria-selected={current === id}
      data-testid={`queue-tab-${id || "all"}`}
      onClick={() => onPick(id)}
      className={cn(
        "inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full border px-4 text-sm font-medium whitespace-nowrap",
        current === id
          ? "border-brand-600 bg-brand-600 text-white"
          : "border-stone-300 bg-white text-stone-700 hover:bg-stone-50",
      )}
    >
      {label}
      {count !== undefined && (
        <span
          className={cn(
            "rounded-full px-2 text-xs tabular-nums",
            current === id ? "bg-white/20" : "bg-stone-100",
          )}
        >
          {formatCount(count)}
        </span>
      )}
    </button>
  );
  return (
    <div
      role="tablist"
      aria-label={i18n._("Queues")}
      className="-mx-1 mb-3 flex gap-2 overflow-x-auto px-1 pb-1"
    >
      {tab("", i18n._("All orders"))}
      {queues
        .filter((queue) => queue.id !== "incomplete")
        .map((queue) => tab(queue.id, labels[queue.id].label, queue.count))}
    </div>
  );
}

/** The dashboard's to-do list: each queue, its count and a link to work through it. */
export function QueueTodo() {
  const { i18n } = useLingui();
  const labels = queueLabels(i18n);
  const queues = useQueues();
  return (
    <Panel title={i18n._("To do")}>
      {queues.error && <ErrorNote message={queues.error} onRetry={queues.reload} />}
      <ul className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-5" data-testid="queue-todo">
        {(queues.data?.queues ?? []).map((queue) => (
          <li key={queue.id}>
            <Link
              to={queueHref(queue.id)}
              data-testid={`todo-${queue.id}`}
              className="flex min-h-12 items-center gap-3 py-2 hover:bg-stone-50"
            >
              <span
                className={cn(
                  "min-w-10 rounded-full px-2 py-0.5 text-center text-sm font-bold tabular-nums",
                  queue.count > 0 ? "bg-brand-100 text-brand-800" : "bg-stone-100 text-stone-500",
                )}
              >
                {formatCount(queue.count)}
              </span>
              <span className="flex-1">
                <span className="block font-medium text-stone-900">{labels[queue.id].label}</span>
                <span className="block text-xs text-stone-500">{labels[queue.id].hint}</span>
              </span>
              <ChevronRight className="h-4 w-4 text-stone-400" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
