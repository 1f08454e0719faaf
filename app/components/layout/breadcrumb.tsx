import { useLingui } from "@lingui/react";
import { ChevronRight } from "lucide-react";
import { localized } from "#contract/i18n";
import type { CategoryStep } from "~/lib/category-trail";
import { LocalLink, useLocale } from "~/lib/i18n/i18n";

/** Home › Men › T-Shirts › `current` (the page itself): each category a link to its listing. */
export function Breadcrumb({ trail, current }: { trail: CategoryStep[]; current: string }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const chevron = <ChevronRight className="h-3.5 w-3.5" aria-hidden="true" />;
  return (
    <nav aria-label={i18n._("Breadcrumb")} className="mb-4 text-sm text-stone-600">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <LocalLink to="/" className="hover:underline">
            {i18n._("Home")}
          </LocalLink>
        </li>
        {trail.map((step) => (
          <li key={step.slug} className="flex items-center gap-1">
            {chevron}
            <LocalLink to={`/products?category=${step.slug}`} className="hover:underline">
              {localized(step, "name", locale)}
            </LocalLink>
          </li>
        ))}
        <li className="flex items-center gap-1">
          {chevron}
          <span aria-current="page" className="line-clamp-1">
            {current}
          </span>
        </li>
      </ol>
    </nav>
  );
}
