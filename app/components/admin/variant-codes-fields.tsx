/**
 * The product editor's codes: each variant's SKU and barcode (docs/packing.md). Left empty, the
 * server generates the SKU on save and the barcode is the SKU.
 */
import { useLingui } from "@lingui/react";
import { Input } from "~/components/ui/input";

export type VariantCodes = Record<string, { sku: string; barcode: string }>;

/** The codes of a product's variants as the editor holds them (barcode empty when it is the SKU). */
export function codesOfVariants(
  variants: { color: string; size: string; sku?: string; barcode?: string }[],
  key: (color: string, size: string) => string,
): VariantCodes {
  return Object.fromEntries(
    variants.map((variant) => [
      key(variant.color, variant.size),
      {
        sku: variant.sku ?? "",
        barcode: variant.barcode && variant.barcode !== variant.sku ? variant.barcode : "",
      },
    ]),
  );
}

export function VariantCodesFields({
  cells,
  codes,
  onChange,
}: {
  cells: { key: string; color: string; size: string }[];
  codes: VariantCodes;
  onChange: (codes: VariantCodes) => void;
}) {
  const { i18n } = useLingui();
  const set = (key: string, field: "sku" | "barcode", value: string) =>
    onChange({
      ...codes,
      [key]: {
        sku: codes[key]?.sku ?? "",
        barcode: codes[key]?.barcode ?? "",
        [field]: value.replace(/\s/g, ""),
      },
    });
  return (
    <details className="rounded-md border border-stone-200 p-2" data-testid="variant-codes">
      <summary className="cursor-pointer text-sm font-medium">{i18n._("SKU and barcode")}</summary>
      <p className="mt-1 text-xs text-stone-600">
        {i18n._(
          "Empty SKU: one is made from the product's address, colour and size. Empty barcode: the SKU.",
        )}
      </p>
      <ul className="mt-2 space-y-2">
        {cells.map(({ key, color, size }) => (
          <li key={key} className="grid gap-2 sm:grid-cols-[8rem_1fr_1fr] sm:items-center">
            <span className="text-sm font-medium" translate="no">
              {color} / {size}
            </span>
            <Input
              aria-label={i18n._("SKU {color} {size}", { color, size })}
              className="font-mono uppercase"
              placeholder={i18n._("Made on save")}
              maxLength={64}
              value={codes[key]?.sku ?? ""}
              onChange={(event) => set(key, "sku", event.target.value)}
            />
            <Input
              aria-label={i18n._("Barcode {color} {size}", { color, size })}
              className="font-mono uppercase"
              placeholder={i18n._("Same as the SKU")}
              maxLength={64}
              value={codes[key]?.barcode ?? ""}
              onChange={(event) => set(key, "barcode", event.target.value)}
            />
          </li>
        ))}
      </ul>
    </details>
  );
}
