import { useEffect, useMemo, useState } from "react";
import { useLingui } from "@lingui/react";
import { data as dataResponse } from "react-router";
import { formatMoney, formatNumber, localized, localizePath } from "#contract/i18n";
import { Breadcrumb } from "~/components/layout/breadcrumb";
import { AddToCart } from "~/components/product/add-to-cart";
import { OrderOnWhatsApp } from "~/components/product/order-on-whatsapp";
import { Gallery } from "~/components/product/gallery";
import { colorPhoto } from "#contract/colors";
import { ReviewsSection, Stars } from "~/components/product/reviews";
import { SizeGuideDialog } from "~/components/product/size-guide-dialog";
import { stockOf, VariantPicker } from "~/components/product/variant-picker";
import { metaI18n, useLocale } from "~/lib/i18n/i18n";
import { categoryTrail, toSteps } from "~/lib/category-trail";
import { imageUrl } from "~/lib/image-url";
import { canonicalUrl } from "~/lib/seo";
import { trackViewItem } from "~/lib/tracking";
import type { Route } from "./+types/product";

export function meta({ data, matches }: Route.MetaArgs) {
  const { i18n, locale } = metaI18n(matches);
  if (!data) return [{ title: i18n._("Product not found — Tweest") }];
  const { product, publicUrl } = data;
  const canonical = canonicalUrl(publicUrl, `/product/${product.slug}`, locale);
  const productTitle = localized(product, "title", locale);
  const title = i18n._("{title} — Tweest", { title: productTitle });
  const description = (
    localized(product, "description", locale) ||
    i18n._("{title} by {brand}", { title: productTitle, brand: product.brand || "Tweest" })
  )
    .replace(/\s+/g, " ")
    .slice(0, 155);
  const image = imageUrl(product.imageUrl || product.images?.[0], publicUrl);
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "product" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { property: "product:price:amount", content: String(product.discountedPrice ?? product.price) },
    { property: "product:price:currency", content: "BDT" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const [product, categories, guided] = await Promise.all([
    context.services.products.getProductBySlug(params.slug).catch((error: unknown) => {
      if ((error as { status?: number }).status === 404)
        throw dataResponse(null, { status: 404, statusText: "Product not found" });
      throw error;
    }),
    context.services.catalog.listCategories(),
    context.services.sizeGuides.categories(),
  ]);
  const category = product.category;
  // Men › T-Shirts: the header's category list gives the ancestors the product answer lacks.
  const trail = category ? categoryTrail(categories, category._id) : [];
  const path = trail.length > 0 ? trail : category ? [category] : [];
  return {
    product,
    publicUrl: context.config.publicUrl,
    trail: toSteps(path),
    // The size guide's link only where the dialog would find one: the category's own guide or
    // its nearest ancestor's.
    sizeGuideCategory: category && path.some((step) => guided.has(step._id)) ? category._id : null,
  };
}

/** schema.org Product, with `<` escaped so the JSON cannot close the script element. */
function productJsonLd(
  product: Route.ComponentProps["loaderData"]["product"],
  canonical: string,
  publicUrl: string,
) {
  const json: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    description: product.description,
    image: (product.images?.length ? product.images : [product.imageUrl])
      .filter(Boolean)
      .map((image) => imageUrl(image, publicUrl)),
    brand: { "@type": "Brand", name: product.brand || "Tweest" },
    category: product.categoryName,
    offers: {
      "@type": "Offer",
      url: canonical,
      priceCurrency: "BDT",
      price: String(product.discountedPrice ?? product.price),
      availability:
        product.quantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
  if (product.numRatings > 0)
    json.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: product.averageRating.toFixed(1),
      ratingCount: product.numRatings,
    };
  return JSON.stringify(json).replace(/</g, "\\u003c");
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, publicUrl, trail, sizeGuideCategory } = loaderData;
  const { i18n } = useLingui();
  const locale = useLocale();
  const canonical = canonicalUrl(publicUrl, `/product/${product.slug}`, locale);
  const title = localized(product, "title", locale);
  const description = localized(product, "description", locale);
  const variants = useMemo(() => product.variants ?? [], [product.variants]);
  const colors = product.colors?.length
    ? product.colors
    : [...new Set(variants.map((variant) => variant.color))];
  const sizes = useMemo(() => {
    const names = product.sizes?.length
      ? product.sizes.map((size) => size.name)
      : variants.map((variant) => variant.size);
    return [...new Set(names)];
  }, [product.sizes, variants]);
  const firstInStock = variants.find((variant) => variant.stock > 0);
  const [color, setColor] = useState<string | null>(firstInStock?.color ?? colors[0] ?? null);
  const [size, setSize] = useState<string | null>(null);
  const available = color && size ? stockOf(variants, color, size) : stockOf(variants, color, null);
  const discounted = product.discountedPrice < product.price;

  useEffect(() => {
    trackViewItem(product);
  }, [product]);

  // A new product (client navigation) starts with a fresh choice.
  useEffect(() => {
    setColor(variants.find((variant) => variant.stock > 0)?.color ?? null);
    setSize(null);
  }, [product._id, variants]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-5">
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: productJsonLd(product, canonical, publicUrl) }}
      />
      <Breadcrumb trail={trail} current={title} />

      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <Gallery
          // A colour picked shows its photo (colorPhoto): the gallery starts over on it.
          key={color}
          images={product.images?.length ? product.images : [product.imageUrl]}
          start={colorPhoto(product, color)}
          title={title}
        />
        <div className="space-y-5">
          <div>
            <p className="text-sm text-stone-500" translate="no">
              {product.brand || "Tweest"}
            </p>
            <h1 className="text-2xl font-extrabold sm:text-3xl">{title}</h1>
            {product.numRatings > 0 && (
              <a
                href="#reviews-heading"
                className="mt-1 inline-flex items-center gap-2 text-sm text-stone-600"
              >
                <Stars value={product.averageRating} />{" "}
                {product.numRatings === 1
                  ? i18n._("{number} rating", { number: formatNumber(1, locale) })
                  : i18n._("{number} ratings", {
                      number: formatNumber(product.numRatings, locale),
                    })}
              </a>
            )}
            <p className="mt-3 flex items-baseline gap-3">
              <span className="text-2xl font-bold text-brand-700" data-testid="product-price">
                {formatMoney(product.discountedPrice, locale)}
              </span>
              {discounted && (
                <>
                  <s className="text-stone-500">
                    <span className="sr-only">{i18n._("Was")} </span>
                    {formatMoney(product.price, locale)}
                  </s>
                  <span className="rounded bg-green-50 px-1.5 py-0.5 text-sm font-semibold text-green-700">
                    {i18n._("{percent}% off", {
                      percent: formatNumber(product.discountPercent, locale),
                    })}
                  </span>
                </>
              )}
            </p>
            <p className="mt-1 text-xs text-stone-500">
              {i18n._("VAT included. Delivery charge at checkout.")}
            </p>
          </div>

          <VariantPicker
            colors={colors}
            sizes={sizes}
            variants={variants}
            color={color}
            size={size}
            onColor={(next) => {
              setColor(next);
              if (size && stockOf(variants, next, size) === 0) setSize(null);
            }}
            onSize={setSize}
          />
          {sizeGuideCategory && <SizeGuideDialog category={sizeGuideCategory} />}
          <AddToCart
            key={product._id}
            product={product}
            color={color}
            size={size}
            available={size ? available : Math.max(available, 1)}
          />
          <OrderOnWhatsApp
            title={title}
            price={product.discountedPrice ?? product.price}
            color={color}
            size={size}
            url={canonical}
          />

          {description && (
            <section aria-labelledby="description-heading">
              <h2 id="description-heading" className="mb-1 text-lg font-bold">
                {i18n._("Description")}
              </h2>
              <p className="text-sm leading-relaxed whitespace-pre-line text-stone-700">
                {description}
              </p>
            </section>
          )}
        </div>
      </div>

      <ReviewsSection
        productId={product._id}
        averageRating={product.averageRating}
        numRatings={product.numRatings}
        loginHref={`/login?redirect=${encodeURIComponent(localizePath(`/product/${product.slug}`, locale))}`}
      />
    </div>
  );
}
