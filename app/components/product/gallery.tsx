import { useState } from "react";
import { imageSrcSet, imageUrl } from "~/lib/image-url";
import { cn } from "~/lib/utils";

/** Main image plus thumbnails; the first image loads eagerly (above the fold), the rest lazily. */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const list = images.length ? images : [""];
  const [active, setActive] = useState(0);
  return (
    <div>
      <div className="overflow-hidden rounded-lg bg-stone-100">
        <img
          src={imageUrl(list[active])}
          srcSet={imageSrcSet(list[active])}
          sizes="(min-width: 1024px) 560px, 100vw"
          alt={list.length > 1 ? `${title}, image ${active + 1} of ${list.length}` : title}
          width={800}
          height={800}
          loading="eager"
          fetchPriority="high"
          className="aspect-square w-full object-cover"
          data-testid="gallery-main"
        />
      </div>
      {list.length > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto" aria-label="Product images">
          {list.map((image, index) => (
            <li key={image || index} className="shrink-0">
              <button
                type="button"
                onClick={() => setActive(index)}
                aria-label={`Show image ${index + 1}`}
                aria-pressed={index === active}
                className={cn(
                  "block overflow-hidden rounded-md border-2",
                  index === active ? "border-brand-500" : "border-transparent",
                )}
              >
                <img
                  src={imageUrl(image)}
                  srcSet={imageSrcSet(image)}
                  sizes="80px"
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  decoding="async"
                  className="h-16 w-16 object-cover sm:h-20 sm:w-20"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
