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
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">
          Colour{color ? <span className="font-normal text-stone-600">: {color}</span> : null}
        </legend>
        <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="Colour">
          {colors.map((name) => {
            const available = stockOf(variants, name, null) > 0;
            const selected = name === color;
            return (
              <button
                key={name}
                type="button"
                role="radio"
                aria-checked={selected}
                aria-label={`${name}${available ? "" : ", sold out"}`}
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
                {name}
              </button>
            );
          })}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Size</legend>
        <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="Size">
          {sizes.map((name) => {
            const left = stockOf(variants, color, name);
            const selected = name === size;
            return (
              <button
                key={name}
                type="button"
                role="radio"
                aria-checked={selected}
                aria-label={`${name}${left > 0 ? (left <= 5 ? `, only ${left} left` : "") : ", sold out"}`}
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
        {color &&
          size &&
          stockOf(variants, color, size) > 0 &&
          stockOf(variants, color, size) <= 5 && (
            <p className="mt-2 text-sm font-medium text-amber-700">
              Only {stockOf(variants, color, size)} left in {color}, {size}
            </p>
          )}
      </fieldset>
    </div>
  );
}
