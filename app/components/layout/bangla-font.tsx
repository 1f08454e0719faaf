/**
 * Noto Sans Bengali on Bangla pages only (issue 20): the Bengali subset of @fontsource's regular
 * weight, `font-display: swap`, the unicode-range keeping Latin text in the system font. One file:
 * bold Bangla text is the regular face emboldened by the browser — the bold file (48 KB more)
 * competed with the page's scripts and largest image on a phone link (docs/i18n.md, "The Bangla
 * font"). A phone that has Noto Sans Bengali installed (Android does) uses it and downloads nothing.
 * Inline, so it adds no render-blocking stylesheet; the file is preloaded at low priority (text
 * paints in the system font meanwhile; the scripts and the largest image matter more). English
 * pages render none of this and download no Bangla font.
 */
import regular from "@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2?url";

const BENGALI_RANGE =
  "U+0951-0952,U+0964-0965,U+0980-09FE,U+1CD0,U+1CD2,U+1CD5-1CD6,U+1CD8,U+1CE1,U+1CEA,U+1CED,U+1CF2,U+1CF5-1CF7,U+200C-200D,U+20B9,U+25CC,U+A8F1";

export const BANGLA_FONT_CSS = `@font-face{font-family:"Noto Sans Bengali";font-style:normal;font-display:swap;font-weight:400;src:local("Noto Sans Bengali"),local("NotoSansBengali-Regular"),url(${regular}) format("woff2");unicode-range:${BENGALI_RANGE}}html:lang(bn){font-family:"Noto Sans Bengali",var(--font-sans)}`;

export function BanglaFont() {
  return (
    <>
      <link
        rel="preload"
        as="font"
        type="font/woff2"
        href={regular}
        crossOrigin="anonymous"
        fetchPriority="low"
      />
      <style>{BANGLA_FONT_CSS}</style>
    </>
  );
}
