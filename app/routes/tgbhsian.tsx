import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import {
  getTrackedEvents,
  subscribeTrackedEvents,
  trackDebugTest,
  type DataLayerEvent,
} from "~/lib/tracking";
import type { Route } from "./+types/tgbhsian";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Tag manager diagnostics" }, { name: "robots", content: "noindex, nofollow" }];
}

export function loader({ context }: Route.LoaderArgs) {
  return { gtmId: context.config.gtmId };
}

/** /TGBHSIAN: not linked anywhere; lists this tab's data-layer events, fires debug_test. */
export default function TagManagerDiagnostics({ loaderData }: Route.ComponentProps) {
  const [events, setEvents] = useState<DataLayerEvent[]>([]);
  const [layerSize, setLayerSize] = useState(0);

  useEffect(() => {
    setEvents(getTrackedEvents());
    setLayerSize(window.dataLayer?.length ?? 0);
    return subscribeTrackedEvents((next) => {
      setEvents(next);
      setLayerSize(window.dataLayer?.length ?? 0);
    });
  }, []);

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold">Tag manager diagnostics</h1>
      <dl className="mt-4 grid grid-cols-2 gap-2 text-sm sm:max-w-md">
        <dt className="text-stone-500">Container</dt>
        <dd data-testid="gtm-id">{loaderData.gtmId ?? "not configured"}</dd>
        <dt className="text-stone-500">dataLayer entries</dt>
        <dd data-testid="datalayer-size">{layerSize}</dd>
        <dt className="text-stone-500">Events of this tab</dt>
        <dd>{events.length}</dd>
      </dl>
      <Button className="mt-4" onClick={() => trackDebugTest()}>
        Send debug_test
      </Button>
      <p className="mt-2 text-xs text-stone-500">
        In the console, <code>window.tweestTrackingDebug()</code> prints the same list.
      </p>
      <ol className="mt-6 space-y-2" aria-label="Data-layer events" data-testid="tracked-events">
        {events.length === 0 && <li className="text-sm text-stone-500">No events yet.</li>}
        {events.map((event, index) => (
          <li key={index} className="rounded-md border border-stone-200 bg-white p-3">
            <p className="font-mono text-sm font-semibold" data-testid="tracked-event-name">
              {event.event}
            </p>
            <pre className="mt-1 overflow-x-auto text-xs text-stone-600">
              {JSON.stringify(event, null, 2)}
            </pre>
          </li>
        ))}
      </ol>
    </div>
  );
}
