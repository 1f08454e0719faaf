import { useLingui } from "@lingui/react";
import { formatNumber } from "#contract/i18n";
import { colorName } from "~/lib/i18n/color-names";
import { useLocale } from "~/lib/i18n/i18n";
import { swatchColor } from "~/lib/swatches";
import { cn } from "~/lib/utils";

export interface Variant {
  color: string;
  size: string;
  stock: number;
}

export function stockOf(variants: Variant[], color: string | null, size: string | null): number {
  return variants
    .filter((variant) => (!color || variant.color === color) && (!size || variant.size === size))
    .reduce((sum, variant) => sum + variant.stock, 0);
}

/** Colour swatches and size buttons; what is out of stock (for the chosen colour) is marked and disabled. */
export function VariantPicker({
  colors,
  sizes,
  variants,
  color,
  size,
  onColor,
  onSize,
}: {
  colors: string[];
  sizes: string[];
  variants: Variant[];
  color: string | null;
  size: string | null;
  onColor: (color: string) => void;
  onSize: (size: string) => void;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const chosenLeft = color && size ? stockOf(variants, color, size) : 0;
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">
          {i18n._("Colour")}
          {color ? (
            <span className="font-normal text-stone-600">: {colorName(color, i18n)}</span>
          ) : null}
        </legend>
        <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={i18n._("Colour")}>
          {colors.map((name) => {
            const available = stockOf(variants, name, null) > 0;
            const selected = name === color;
            return (
              <button
                key={name}
                type="button"
                role="radio"
                aria-checked={selected}
                aria-label={
                  available
                    ? colorName(name, i18n)
                    : i18n._("{name}, sold out", { name: colorName(name, i18n) })
                }
                onClick={() => onColor(name)}
                className={cn(
                  "relative flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-brand-500",
                  selected
                    ? "border-brand-500 bg-brand-50 font-semibold"
                    : "border-stone-300 bg-white",
                  !available && "text-stone-400 line-through",
                )}
              >
                <span
                  aria-hidden="true"
                  className="h-4 w-4 rounded-full border border-stone-300"
                  style={{ backgroundColor: swatchColor(name) }}
                />
                {colorName(name, i18n)}
              </button>
            );
          })}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{i18n._("Size")}</legend>
        <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={i18n._("Size")}>
          {sizes.map((name) => {
            const left = stockOf(variants, color, name);
            const selected = name === size;
            return (
              <button
                key={name}
                type="button"
                role="radio"
                aria-checked={selected}
                aria-label={
                  left === 0
                    ? i18n._("{name}, sold out", { name })
                    : left <= 5
                      ? i18n._("{name}, only {count} left", {
                          name,
                          count: formatNumber(left, locale),
                        })
                      : name
                }
                disabled={left === 0}
                onClick={() => onSize(name)}
                data-testid={`size-${name}`}
                className={cn(
                  "min-w-12 rounded-md border px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-500",
                  selected
                    ? "border-brand-600 bg-brand-600 font-semibold text-white"
                    : "border-stone-300 bg-white",
                  left === 0 && "cursor-not-allowed border-dashed text-stone-400 line-through",
                )}
              >
                {name}
              </button>
            );
          })}
        </div>
        {color && size && chosenLeft > 0 && chosenLeft <= 5 && (
          <p className="mt-2 text-sm font-medium text-amber-700">
            {i18n._("Only {count} left in {color}, {size}", {
              count: formatNumber(chosenLeft, locale),
              color: colorName(color, i18n),
              size,
            })}
          </p>
        )}
      </fieldset>
    </div>
  );
}
