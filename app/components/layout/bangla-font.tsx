/**
 * Noto Sans Bengali on Bangla pages only (issue 20): the Bengali subset of @fontsource's files in the
 * two weights the pages need (400 for text; 700 also serves 600 and 800 as the nearest weight, and
 * 500 falls back to 400), `font-display: swap`, the unicode-range keeping Latin text in the system
 * font. Inline, so it adds no render-blocking stylesheet; the regular weight is preloaded.
 * English pages render none of this and download no Bangla font. docs/i18n.md ("The Bangla font").
 */
import regular from "@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2?url";
import bold from "@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff2?url";

const BENGALI_RANGE =
  "U+0951-0952,U+0964-0965,U+0980-09FE,U+1CD0,U+1CD2,U+1CD5-1CD6,U+1CD8,U+1CE1,U+1CEA,U+1CED,U+1CF2,U+1CF5-1CF7,U+200C-200D,U+20B9,U+25CC,U+A8F1";

const face = (weight: number, url: string) =>
  `@font-face{font-family:"Noto Sans Bengali";font-style:normal;font-display:swap;font-weight:${weight};src:url(${url}) format("woff2");unicode-range:${BENGALI_RANGE}}`;

export const BANGLA_FONT_CSS = `${face(400, regular)}${face(700, bold)}html:lang(bn){font-family:"Noto Sans Bengali",var(--font-sans)}`;

export function BanglaFont() {
  return (
    <>
      <link rel="preload" as="font" type="font/woff2" href={regular} crossOrigin="anonymous" />
      <style>{BANGLA_FONT_CSS}</style>
    </>
  );
}
