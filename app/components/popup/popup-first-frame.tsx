/**
 * The campaign popup as the server renders it: the dialog's first frame (same panel, same classes),
 * hidden until the inline head script (popup-prefetch.tsx) reveals it on a session's first page
 * by setting `<html data-popup="open">`. The popup image is then painted as soon as it has
 * downloaded, not after the page's JavaScript has loaded and hydrated. Once the dialog's code is
 * here, the Radix dialog takes over in the same paint (campaign-popup.tsx). Before that, the
 * close button, the backdrop and Escape close it through the head script's listeners.
 */
import type { ActivePopupImage } from "~/lib/api-client";
import {
  POPUP_CONTENT_CLASS,
  POPUP_OVERLAY_CLASS,
  PopupPanel,
  usePopupCarousel,
  type PopupParts,
} from "./popup-panel";

/** What the head script's listeners close the first frame on. */
export const FIRST_FRAME_CLOSE_ATTRIBUTE = "data-popup-close";
export const FIRST_FRAME_CLASS = "popup-first-frame";
const TITLE_ID = "popup-first-frame-title";

const FRAME_PARTS: PopupParts = {
  Title: (props) => <h2 id={TITLE_ID} {...props} />,
  Description: (props) => <p {...props} />,
  Close: ({ children, ...props }) => (
    <button type="button" {...{ [FIRST_FRAME_CLOSE_ATTRIBUTE]: "" }} {...props}>
      {children}
    </button>
  ),
};

export function PopupFirstFrame({
  images,
  origin,
  onClose,
}: {
  images: ActivePopupImage[];
  /** The page's origin as the server saw it (loader data: the same on server and client). */
  origin: string;
  onClose: () => void;
}) {
  const carousel = usePopupCarousel(images.length);
  return (
    <div className={FIRST_FRAME_CLASS}>
      <div
        className={POPUP_OVERLAY_CLASS}
        data-state="open"
        {...{ [FIRST_FRAME_CLOSE_ATTRIBUTE]: "" }}
      />
      <div
        className={POPUP_CONTENT_CLASS}
        data-state="open"
        role="dialog"
        aria-modal="true"
        aria-labelledby={TITLE_ID}
        data-testid="popup-first-frame"
      >
        <PopupPanel
          images={images}
          carousel={carousel}
          parts={FRAME_PARTS}
          origin={origin}
          // The URL the head script preloads (hostedImageUrl(path, location.origin)).
          imageHost={origin}
          lazyImages
          onClose={onClose}
        />
      </div>
    </div>
  );
}
