import { useLingui } from "@lingui/react";
import { formatMoney, formatNumber } from "#contract/i18n";
import { LocalLink, useLocale } from "~/lib/i18n/i18n";
import { imageSrcSet, imageUrl } from "~/lib/image-url";
import type { ProductCard as ProductCardData } from "~/lib/api-client";

/** A product's card; its title and category come localized from the loader (localizeCard). */
export function ProductCard({
  product,
  eager = false,
  priority = false,
}: {
  product: ProductCardData;
  eager?: boolean;
  /** The page's likely largest paint: fetched with high priority. */
  priority?: boolean;
}) {
  const discounted = product.discountedPrice < product.price;
  const { i18n } = useLingui();
  const locale = useLocale();
  return (
    <article className="group overflow-hidden rounded-lg border border-stone-200 bg-white">
      <LocalLink to={`/product/${product.slug}`} className="block">
        <img
          src={imageUrl(product.imageUrl)}
          srcSet={imageSrcSet(product.imageUrl)}
          sizes="(min-width: 1024px) 25vw, 50vw"
          alt={product.title}
          width={400}
          height={500}
          loading={eager || priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          decoding="async"
          className="aspect-[4/5] w-full bg-stone-100 object-contain transition group-hover:scale-[1.02]"
        />
        <div className="p-3">
          <p className="text-xs text-stone-500">{product.categoryName}</p>
          <h3 className="mt-0.5 line-clamp-1 text-sm font-semibold">{product.title}</h3>
          <p className="mt-1 flex items-baseline gap-2">
            <span className="font-bold text-brand-700">
              {formatMoney(product.discountedPrice, locale)}
            </span>
            {discounted && (
              <>
                <s className="text-xs text-stone-500">{formatMoney(product.price, locale)}</s>
                <span className="text-xs font-semibold text-green-700">
                  -{formatNumber(product.discountPercent, locale)}%
                </span>
              </>
            )}
          </p>
          {product.quantity === 0 && (
            <p className="mt-1 text-xs font-medium text-red-600">{i18n._("Out of stock")}</p>
          )}
        </div>
      </LocalLink>
    </article>
  );
}

export function ProductGrid({
  products,
  eagerCount = 0,
}: {
  products: ProductCardData[];
  eagerCount?: number;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
      {products.map((product, index) => (
        <ProductCard
          key={product._id}
          product={product}
          eager={index < eagerCount}
          priority={index === 0 && eagerCount > 0}
        />
      ))}
    </div>
  );
}
