import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// A task of its own: evaluating the modules and starting hydration are then two shorter tasks
// instead of one long one that blocks the main thread (Lighthouse TBT on a 4x slower phone CPU).
setTimeout(hydrate, 0);
