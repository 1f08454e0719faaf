/**
 * The campaign popup.
 *
 * `<CampaignPopup />` — mount once (root). Once per browser session it loads GET /api/popup-images/active;
 * sessionStorage 'hasShownPopup' is set only when at least one image came back; a spinner (40 / 3.6) shows
 * while loading; the dialog opens when the list is non-empty; a failure is logged only. The dialog
 * (campaign-popup-dialog.tsx: Radix Dialog, carousel) is a separate chunk, fetched with the list on
 * the session's first page only, so it stays out of every page's critical JavaScript.
 */
import { useLingui } from "@lingui/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Spinner } from "~/components/ui/spinner";
import { api, type ActivePopupImage } from "~/lib/api-client";

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

export function CampaignPopup() {
  const { i18n } = useLingui();
  const [images, setImages] = useState<ActivePopupImage[]>([]);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const storage = sessionStore();
    if (storage?.getItem(HAS_SHOWN_POPUP_KEY)) return;
    let cancelled = false;
    setLoading(true);
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
          if (cancelled) return;
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
      {images.length > 0 && (
        <Suspense fallback={null}>
          <CampaignPopupDialog images={images} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
