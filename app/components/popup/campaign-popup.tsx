/**
 * The campaign popup.
 *
 * `<CampaignPopup />` — mount once (root). Once per browser session it loads GET /api/popup-images/active;
 * sessionStorage 'hasShownPopup' is set only when at least one image came back; a spinner (40 / 3.6) shows
 * while loading; the dialog opens when the list is non-empty; a failure is logged only. The dialog
 * (campaign-popup-dialog.tsx: Radix Dialog, carousel) is a separate chunk, fetched with the list on
 * the session's first page only, so it stays out of every page's critical JavaScript.
 *
 * `firstFrame`: the active images as the server read them. The server renders them as the dialog's
 * first frame (popup-first-frame.tsx), hidden; the head script (popup-prefetch.tsx) reveals it
 * before hydration when the list it fetched came back non-empty, setting the flag as the rule
 * says, and marks `<html data-popup="open">`. This component then takes the same list through the
 * API client and lets the Radix dialog replace the frame; without a revealed frame the flow is the
 * one above. `data-popup="app"` tells the head script that this component decides from now on.
 */
import { useLingui } from "@lingui/react";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { Spinner } from "~/components/ui/spinner";
import { api, type ActivePopupImage } from "~/lib/api-client";
import { PopupFirstFrame } from "./popup-first-frame";

const loadDialog = () => import("./campaign-popup-dialog");
const CampaignPopupDialog = lazy(loadDialog);

export const HAS_SHOWN_POPUP_KEY = "hasShownPopup";
/** The popup belongs to the storefront, not to the back office or the diagnostics screen. */
export const POPUP_EXCLUDED_PATHS = /^\/(admin|TGBHSIAN)(\/|$)/;

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** `<html data-popup>`: "open" (the first frame is shown), "closed" (closed before the dialog came), "app". */
function popupState(): string | undefined {
  return document.documentElement.dataset.popup;
}

function setPopupState(state: "closed" | "app") {
  document.documentElement.dataset.popup = state;
}

export function CampaignPopup({
  firstFrame,
  origin,
}: {
  firstFrame: ActivePopupImage[];
  origin: string;
}) {
  const { i18n } = useLingui();
  const [images, setImages] = useState<ActivePopupImage[]>([]);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState(false);
  const [frameShown, setFrameShown] = useState(firstFrame.length > 0);
  const [takesOver, setTakesOver] = useState(false);
  const handOver = useCallback(() => {
    setFrameShown(false);
    if (popupState() === "open") setPopupState("app");
  }, []);

  useEffect(() => {
    const early = popupState();
    const revealed = early === "open";
    if (!revealed) setFrameShown(false);
    if (early === "closed") return;
    if (!revealed) setPopupState("app");
    const storage = sessionStore();
    if (!revealed && storage?.getItem(HAS_SHOWN_POPUP_KEY)) return;
    let cancelled = false;
    if (!revealed) setLoading(true);
    // The dialog's code downloads alongside the list (one round trip less before the popup shows).
    const dialogReady = loadDialog();
    dialogReady.catch(() => undefined);
    api.popupImages
      .active()
      .then(async (list) => {
        if (cancelled) return;
        const active = Array.isArray(list) ? list.filter((image) => image?.imagePath) : [];
        if (active.length > 0) {
          storage?.setItem(HAS_SHOWN_POPUP_KEY, "true");
          // The spinner stays until the dialog's code is here too.
          await dialogReady;
          // The shopper may have closed the first frame while the dialog's code was on its way.
          if (cancelled || popupState() === "closed") return;
          setTakesOver(revealed);
          setImages(active);
          setOpen(true);
        }
      })
      .catch((error: unknown) => {
        console.error("[popup] could not load the campaign images", error);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <>
      {loading && (
        <div
          className="pointer-events-none fixed inset-0 z-40 flex items-center justify-center"
          data-testid="popup-spinner"
        >
          <Spinner size={40} thickness={3.6} label={i18n._("Loading offers")} />
        </div>
      )}
      {frameShown && (
        <PopupFirstFrame
          images={firstFrame}
          origin={origin}
          onClose={() => setPopupState("closed")}
        />
      )}
      {images.length > 0 && (
        <Suspense fallback={null}>
          <CampaignPopupDialog
            images={images}
            open={open}
            onOpenChange={setOpen}
            takesOver={takesOver}
            onShown={handOver}
          />
        </Suspense>
      )}
    </>
  );
}
