import { useLingui } from "@lingui/react";
import { formatMoney, localized, localeOfPath } from "#contract/i18n";
import { ProductGrid } from "~/components/product/product-card";
import { LocalLink, metaI18n, useLocale } from "~/lib/i18n/i18n";
import { localizeCard } from "~/lib/i18n/localize-card";
import { canonicalUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/home";

export function meta({ data, matches }: Route.MetaArgs) {
  const { i18n, locale } = metaI18n(matches);
  const title = i18n._("Tweest — everyday clothes across Bangladesh");
  const description = i18n._(
    "T-shirts, polo shirts, hoodies, panjabi, kurti and jeans in BDT. Cash on delivery across Bangladesh.",
  );
  return [
    ...pageMeta(title, description),
    { property: "og:type", content: "website" },
    ...(data
      ? [{ tagName: "link", rel: "canonical", href: canonicalUrl(data.publicUrl, "/", locale) }]
      : []),
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  const { catalog } = context.services;
  const [featured, newArrivals, categories, storefront] = await Promise.all([
    catalog.listFeaturedProducts(8),
    catalog.listNewProducts(8),
    catalog.listCategories(),
    context.services.settings.storefront(),
  ]);
  return {
    featured: featured.map((card) => localizeCard(card, locale)),
    newArrivals: newArrivals.map((card) => localizeCard(card, locale)),
    topCategories: categories.filter((category) => category.parentCategory === null),
    publicUrl: context.config.publicUrl,
    freeDeliveryThreshold: storefront.delivery.freeDeliveryThreshold,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, newArrivals, topCategories, freeDeliveryThreshold } = loaderData;
  const { i18n } = useLingui();
  const locale = useLocale();
  return (
    <div className="mx-auto max-w-6xl px-4">
      <section className="my-6 rounded-2xl bg-gradient-to-br from-brand-500 to-brand-700 px-6 py-10 text-white sm:py-16">
        <h1 className="max-w-md text-3xl font-extrabold sm:text-5xl">
          {i18n._("Made for Dhaka days")}
        </h1>
        <p className="mt-3 max-w-md text-white/90">
          {i18n._("New hoodies, panjabi and everyday tees.")}
          {freeDeliveryThreshold > 0 &&
            ` ${i18n._("Free delivery from {amount}.", { amount: formatMoney(freeDeliveryThreshold, locale) })}`}
        </p>
        <LocalLink
          to="/products"
          className="mt-6 inline-block rounded-md bg-white px-5 py-2.5 font-semibold text-brand-700"
        >
          {i18n._("Shop now")}
        </LocalLink>
      </section>

      <section aria-labelledby="categories-heading" className="my-8">
        <h2 id="categories-heading" className="mb-3 text-xl font-bold">
          {i18n._("Shop by category")}
        </h2>
        <ul className="grid grid-cols-3 gap-3">
          {topCategories.map((category) => (
            <li key={category._id}>
              <LocalLink
                to={`/products?category=${category.slug}`}
                className="block rounded-lg border border-stone-200 bg-white py-5 text-center font-semibold hover:border-brand-500"
              >
                {localized(category, "name", locale)}
              </LocalLink>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="featured-heading" className="my-8">
        <h2 id="featured-heading" className="mb-3 text-xl font-bold">
          {i18n._("Featured")}
        </h2>
        <ProductGrid products={featured} eagerCount={2} />
      </section>

      <section aria-labelledby="new-heading" className="my-8">
        <h2 id="new-heading" className="mb-3 text-xl font-bold">
          {i18n._("New arrivals")}
        </h2>
        <ProductGrid products={newArrivals} />
      </section>
    </div>
  );
}
