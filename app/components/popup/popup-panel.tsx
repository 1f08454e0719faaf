/**
 * What the campaign popup shows: images with a 300 ms cross-fade, arrows, dots, swipe, counter,
 * collapsible caption and "Visit Link". Two containers draw it the same way: the Radix dialog
 * (campaign-popup-dialog.tsx, a lazy chunk) and the server-rendered first frame
 * (popup-first-frame.tsx) that a session's first page shows before its JavaScript has loaded.
 * The dialog's title, description and close button come in as `parts`, so each container
 * supplies its own (Radix's, or plain elements).
 */
import { useLingui } from "@lingui/react";
import { ChevronDown, ChevronLeft, ChevronRight, ChevronUp, ExternalLink, X } from "lucide-react";
import {
  useCallback,
  useRef,
  useState,
  type ComponentType,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from "react";
import { useNavigate } from "react-router";
import { formatNumber, localized, toBanglaDigits } from "#contract/i18n";
import type { ActivePopupImage } from "~/lib/api-client";
import { useLocale, useLocalizedPath } from "~/lib/i18n/i18n";
import { imageSrcSet, imageUrl } from "~/lib/image-url";
import { POPUP_IMAGE_WIDTHS } from "#contract/images";
import { cn } from "~/lib/utils";
import { counterLabel, indexAfterSwipe, isTap, nextIndex, prevIndex } from "./popup-index";

interface PartProps {
  className?: string;
  children?: ReactNode;
}

export interface PopupParts {
  Title: ComponentType<PartProps>;
  Description: ComponentType<PartProps>;
  Close: ComponentType<PartProps & { "aria-label": string }>;
}

/** The classes both containers give the backdrop and the panel (the 500 ms motion is in app.css). */
export const POPUP_OVERLAY_CLASS = "popup-overlay fixed inset-0 z-50 bg-black/80";
export const POPUP_CONTENT_CLASS =
  "popup-content fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[95vw] -translate-x-1/2 -translate-y-1/2 overflow-hidden rounded-xl bg-stone-950 shadow-2xl focus:outline-none sm:w-[90vw] lg:w-[85vw]";

/**
 * The image's width on screen, from POPUP_CONTENT_CLASS's widths: the browser picks the saved width
 * it needs from the srcset (and the head script's preload names the same, popup-prefetch.tsx).
 */
export const POPUP_IMAGE_SIZES = "(min-width: 1024px) 85vw, (min-width: 640px) 90vw, 95vw";

/** Which image shows; the dialog's arrow keys move it too. */
export function usePopupCarousel(total: number) {
  const [index, setIndex] = useState(0);
  const next = useCallback(() => setIndex((value) => nextIndex(value, total)), [total]);
  const prev = useCallback(() => setIndex((value) => prevIndex(value, total)), [total]);
  return { index, setIndex, next, prev };
}

export type PopupCarousel = ReturnType<typeof usePopupCarousel>;

export function PopupPanel({
  images,
  carousel: { index, setIndex, next, prev },
  parts: { Title, Description, Close },
  origin,
  imageHost,
  lazyImages = false,
  onClose,
}: {
  images: ActivePopupImage[];
  carousel: PopupCarousel;
  parts: PopupParts;
  /** The shop's address: links to it open in this tab. */
  origin: string;
  /** Prefix of the images' relative paths (the page's origin in the dialog). */
  imageHost: string;
  /** Hidden until revealed: images load only once they are shown (the first one is preloaded). */
  lazyImages?: boolean;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const [captionOpen, setCaptionOpen] = useState(true);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  // A press that moved is a swipe (or a swipe too short to count), never a tap on the link.
  const dragged = useRef(false);
  const total = images.length;
  const current = images[index] ?? images[0];

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    swipeStart.current = { x: event.clientX, y: event.clientY };
    dragged.current = false;
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    dragged.current = !isTap(dx, dy);
    if (total < 2 || Math.abs(dx) <= Math.abs(dy)) return;
    const target = indexAfterSwipe(index, total, dx);
    if (target !== index) setIndex(target);
  }

  const navigate = useNavigate();
  const localizedPath = useLocalizedPath();

  /**
   * The shop's own page a campaign link names (`/path` or this site's address), in the page's
   * language; null for another site. Own pages open in this tab, other sites in a new one.
   */
  function ownPath(link: string): string | null {
    const path = link.startsWith(`${origin}/`) ? link.slice(origin.length) : link;
    // Not `//host` or `/\host`: browsers read both as another site.
    return /^\/(?![/\\])/.test(path) ? localizedPath(path) : null;
  }

  function followLink(event: MouseEvent, link: string) {
    event.preventDefault();
    const path = ownPath(link);
    if (path === null) window.open(link, "_blank", "noopener,noreferrer");
    else {
      onClose();
      void navigate(path);
    }
  }

  const linkProps = (link: string) => {
    const path = ownPath(link);
    return path === null
      ? { href: link, target: "_blank", rel: "noopener noreferrer" }
      : { href: path };
  };

  const titleOf = (image: ActivePopupImage | undefined) =>
    image ? localized(image, "title", locale) : "";
  const title = titleOf(current);
  const description = current ? localized(current, "description", locale) : "";
  const hasCaption = Boolean(title || description);

  return (
    <>
      <Title className="sr-only">{title || i18n._("Campaign offers")}</Title>
      <Description className="sr-only">
        {description || i18n._("Current campaign images of the shop")}
      </Description>

      <div
        className="relative grid touch-pan-y items-center justify-items-center select-none"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
        onDragStart={(event) => event.preventDefault()}
        data-testid="popup-stage"
      >
        {images.map((image, position) => {
          const active = position === index;
          // None for a popup stored before popups had widths: its one file, as before.
          const srcSet = imageSrcSet(image.imagePath, imageHost, POPUP_IMAGE_WIDTHS);
          const picture = (
            <img
              src={imageUrl(image.imagePath, imageHost)}
              srcSet={srcSet}
              sizes={srcSet ? POPUP_IMAGE_SIZES : undefined}
              alt={
                titleOf(image) ||
                i18n._("Campaign image {number}", {
                  number: formatNumber(position + 1, locale),
                })
              }
              draggable={false}
              className="max-h-[calc(90vh-8rem)] w-full object-contain sm:max-h-[90vh]"
              width={1200}
              height={800}
              // The first image is the largest paint of a page that opens with the popup.
              fetchPriority={position === 0 ? "high" : "low"}
              loading={lazyImages ? "lazy" : undefined}
            />
          );
          return (
            <div
              key={image._id ?? position}
              className={cn(
                "col-start-1 row-start-1 w-full transition-opacity duration-300 ease-in-out",
                active ? "opacity-100" : "pointer-events-none opacity-0",
              )}
              aria-hidden={!active}
              data-testid={active ? "popup-active-image" : undefined}
              data-index={position}
            >
              {image.link ? (
                <a
                  {...linkProps(image.link)}
                  tabIndex={active ? 0 : -1}
                  // The shop's own page: the image's text names the link.
                  aria-label={
                    ownPath(image.link) === null
                      ? i18n._("{title} (opens in a new tab)", {
                          title: titleOf(image) || i18n._("Campaign"),
                        })
                      : undefined
                  }
                  draggable={false}
                  onClick={(event) => {
                    // The end of a swipe, not a tap on the image.
                    if (dragged.current) {
                      event.preventDefault();
                      dragged.current = false;
                    } else followLink(event, image.link!);
                  }}
                  className="block cursor-pointer"
                >
                  {picture}
                </a>
              ) : (
                picture
              )}
            </div>
          );
        })}

        {total > 1 && (
          <>
            <button
              type="button"
              onClick={prev}
              aria-label={i18n._("Previous image")}
              className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-black/50 p-2 text-white hover:bg-black/70 focus-visible:outline-2 focus-visible:outline-white"
            >
              <ChevronLeft className="h-6 w-6" aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={next}
              aria-label={i18n._("Next image")}
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-black/50 p-2 text-white hover:bg-black/70 focus-visible:outline-2 focus-visible:outline-white"
            >
              <ChevronRight className="h-6 w-6" aria-hidden="true" />
            </button>
            <p
              className="absolute top-3 left-3 rounded-full bg-black/60 px-2.5 py-0.5 text-sm font-medium text-white tabular-nums"
              aria-live="polite"
              data-testid="popup-counter"
            >
              {locale === "bn"
                ? toBanglaDigits(counterLabel(index, total))
                : counterLabel(index, total)}
            </p>
          </>
        )}

        <Close
          className="absolute top-2 right-2 rounded-full bg-black/60 p-2 text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-white"
          aria-label={i18n._("Close")}
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </Close>
      </div>

      {(hasCaption || current?.link || total > 1) && (
        <div
          className="bg-black px-4 pt-2 pb-3 text-white sm:absolute sm:inset-x-0 sm:bottom-0 sm:bg-black/75"
          data-testid="popup-caption"
        >
          {hasCaption && (
            <div className="flex items-start gap-2">
              {/* The caption bar (title and description) collapses as a whole, so the image
                  shows uncovered; the dots and 'Visit Link' below stay. */}
              <div
                className="min-w-0 flex-1"
                id="popup-caption-text"
                data-testid="popup-caption-text"
                hidden={!captionOpen}
              >
                {title && <p className="truncate font-semibold">{title}</p>}
                {description && (
                  <p className="mt-0.5 text-sm text-white/85" data-testid="popup-description">
                    {description}
                  </p>
                )}
              </div>
              <button
                type="button"
                onClick={() => setCaptionOpen((value) => !value)}
                aria-expanded={captionOpen}
                aria-controls="popup-caption-text"
                aria-label={captionOpen ? i18n._("Hide caption") : i18n._("Show caption")}
                className="ml-auto rounded p-1 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
              >
                {captionOpen ? (
                  <ChevronDown className="h-5 w-5" aria-hidden="true" />
                ) : (
                  <ChevronUp className="h-5 w-5" aria-hidden="true" />
                )}
              </button>
            </div>
          )}
          <div className="mt-1 flex items-center justify-between gap-3">
            {total > 1 ? (
              <div className="-ml-1.5 flex" role="group" aria-label={i18n._("Choose an image")}>
                {images.map((image, position) => (
                  <button
                    key={image._id ?? position}
                    type="button"
                    onClick={() => setIndex(position)}
                    aria-label={i18n._("Show image {number} of {count}", {
                      number: formatNumber(position + 1, locale),
                      count: formatNumber(total, locale),
                    })}
                    aria-current={position === index}
                    data-testid="popup-dot"
                    className="group flex h-6 w-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-white"
                  >
                    {/* A 10 px dot in a 24 px target (WCAG 2.5.8 target size). */}
                    <span
                      aria-hidden="true"
                      className={cn(
                        "h-2.5 w-2.5 rounded-full transition-colors",
                        position === index ? "bg-white" : "bg-white/40 group-hover:bg-white/70",
                      )}
                    />
                  </button>
                ))}
              </div>
            ) : (
              <span />
            )}
            {current?.link && (
              <a
                {...linkProps(current.link)}
                onClick={(event) => followLink(event, current.link!)}
                className="inline-flex items-center gap-1 rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
              >
                {i18n._("Visit Link")}
                {ownPath(current.link) === null && (
                  <ExternalLink className="h-4 w-4" aria-hidden="true" />
                )}
              </a>
            )}
          </div>
        </div>
      )}
    </>
  );
}
