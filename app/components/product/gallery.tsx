import { useLingui } from "@lingui/react";
import { useState } from "react";
import { formatNumber } from "#contract/i18n";
import { useLocale } from "~/lib/i18n/i18n";
import { imageSrcSet, imageUrl } from "~/lib/image-url";
import { cn } from "~/lib/utils";

/**
 * Main image plus thumbnails, opening on `start` (a chosen colour's photo) else the first; the
 * main image loads eagerly (above the fold), the thumbnails lazily.
 */
export function Gallery({
  images,
  start,
  title,
}: {
  images: string[];
  start?: string;
  title: string;
}) {
  const list = images.length ? images : [""];
  const [active, setActive] = useState(() => Math.max(0, list.indexOf(start ?? "")));
  const { i18n } = useLingui();
  const locale = useLocale();
  return (
    <div>
      <div className="overflow-hidden rounded-lg bg-stone-100">
        <img
          src={imageUrl(list[active])}
          srcSet={imageSrcSet(list[active])}
          sizes="(min-width: 1024px) 560px, 100vw"
          alt={
            list.length > 1
              ? i18n._("{title}, image {number} of {count}", {
                  title,
                  number: formatNumber(active + 1, locale),
                  count: formatNumber(list.length, locale),
                })
              : title
          }
          width={800}
          height={1000}
          loading="eager"
          fetchPriority="high"
          className="aspect-[4/5] w-full object-contain"
          data-testid="gallery-main"
        />
      </div>
      {list.length > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto" aria-label={i18n._("Product images")}>
          {list.map((image, index) => (
            <li key={image || index} className="shrink-0">
              <button
                type="button"
                onClick={() => setActive(index)}
                aria-label={i18n._("Show image {number}", {
                  number: formatNumber(index + 1, locale),
                })}
                aria-pressed={index === active}
                className={cn(
                  "block overflow-hidden rounded-md border-2",
                  index === active ? "border-brand-500" : "border-transparent",
                )}
              >
                <img
                  src={imageUrl(image)}
                  srcSet={imageSrcSet(image)}
                  sizes="64px"
                  alt=""
                  width={64}
                  height={80}
                  loading="lazy"
                  decoding="async"
                  className="h-20 w-16 bg-stone-100 object-contain"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
