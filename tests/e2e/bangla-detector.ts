/**
 * Finds English UI text left on a Bangla page (issue 20's browser walk; shared by the browse and
 * the checkout parts, tests/e2e/bangla*.test.ts). docs/i18n.md ("Telling English UI text from
 * names and codes") states the rule; tests/e2e/bangla-detector.test.ts proves it.
 *
 * What is read: every visible text node of <body>, every option of a visible list (<select>: the
 * shopper reads them all on opening it), the texts a screen reader or a tooltip gives (aria-label,
 * placeholder, alt, title) and the document's <title>.
 * What is not English UI text, and so allowed:
 * - anything inside an element marked `translate="no"` (brand names, order numbers, tracking
 *   codes, phone numbers, the courier's zone and area names: the page marks them as it would for
 *   a translation tool);
 * - anything inside an element that declares another language (`lang="en"`): the language
 *   switch's "English", which names the language in itself on purpose;
 * - codes: sizes (XS, XL, 2XL…), order numbers, SKUs and tracking codes (TW-20260105-0042: upper
 *   case letters and digits joined by dashes, or a word with both letters and digits), the names
 *   of environment variables (BKASH_BASE_URL: joined by underscores), e-mail addresses and URLs;
 * - the names the shop itself writes in Latin letters, passed in as `allowed`: the shop's name
 *   ("Tweest"), the products' brands and the shop's contact lines from its settings (the caller
 *   builds the list from the seeded database, so a new brand needs no edit here);
 * - single Latin letters (a size "M", a unit) — too short to be an untranslated word.
 * Everything else with two or more Latin letters in a row is reported, as
 * `"<the English words>" in <element>`.
 * `within` (CSS selectors) reads only those parts of the page, not its title, each in the language
 * it declares itself: the back office, whose page is English by its URL (/admin) and whose screens
 * follow the staff member's language, or one translated panel of a screen still in English.
 */
import type { Page } from "playwright-core";

export async function englishUiText(
  page: Page,
  allowed: readonly string[],
  within = "body",
): Promise<string[]> {
  const args = [allowed, within] as const;
  return page.evaluate(([allowedTexts, selector]) => {
    const whole = selector === "body";
    const roots = [...document.querySelectorAll(selector)];
    if (roots.length === 0) return [`nothing matches ${selector}`];
    const inside = (element: Element) => roots.some((root) => root.contains(element));
    const found: string[] = [];
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : "";
      const testId = element.getAttribute("data-testid");
      return `${element.tagName.toLowerCase()}${id}${testId ? `[data-testid=${testId}]` : ""}`;
    };
    // Longest first, so "Tweest Originals" goes before "Tweest" would cut it in two.
    const names = [...allowedTexts].filter(Boolean).sort((a, b) => b.length - a.length);
    const englishWords = (raw: string) => {
      let text = raw;
      for (const name of names) text = text.split(name).join(" ");
      text = text
        .replace(/\S+@\S+\.\S+/g, " ")
        .replace(/https?:\/\/\S+/g, " ")
        .replace(/\b[A-Z0-9]+(?:[-_][A-Z0-9]+)+\b/g, " ")
        .replace(/\b(?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z0-9]+\b/g, " ")
        .replace(/\b(?:X{0,3}S|M|X{0,3}L)\b/g, " ");
      return (text.match(/[A-Za-z]{2,}/g) ?? []).join(" ");
    };
    const declaredLanguage = (element: Element) => {
      const declared = element.closest("[lang]");
      return declared && (whole || inside(declared)) ? declared.getAttribute("lang") : null;
    };
    const untranslated = (element: Element) =>
      element.closest('[translate="no"]') !== null ||
      !/^bn\b/i.test(declaredLanguage(element) ?? "bn");
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      if (style.display === "none" || style.visibility === "hidden") return false;
      // Screen-reader-only text (sr-only: a 1 px box) is read aloud, so it counts as shown.
      const box = element.getBoundingClientRect();
      return box.width > 0 || box.height > 0;
    };

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || /^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|OPTION|OPTGROUP)$/.test(parent.tagName))
        continue;
      if (!inside(parent)) continue;
      if (untranslated(parent) || !visible(parent)) continue;
      const words = englishWords(node.textContent ?? "");
      if (words) found.push(`"${words}" in ${describe(parent)}`);
    }
    // A closed list draws none of its options, yet each is what the shopper reads on opening it.
    for (const select of document.body.querySelectorAll("select")) {
      if (!visible(select) || !inside(select)) continue;
      for (const option of select.options) {
        if (untranslated(option)) continue;
        const words = englishWords(option.textContent ?? "");
        if (words) found.push(`"${words}" in option of ${describe(select)}`);
      }
    }
    for (const element of document.body.querySelectorAll(
      "[aria-label], [placeholder], [alt], [title]",
    )) {
      if (untranslated(element) || !visible(element) || !inside(element)) continue;
      for (const attribute of ["aria-label", "placeholder", "alt", "title"]) {
        const words = englishWords(element.getAttribute(attribute) ?? "");
        if (words) found.push(`"${words}" in ${describe(element)} ${attribute}`);
      }
    }
    const title = whole ? englishWords(document.title) : "";
    if (title) found.push(`"${title}" in title`);
    return found;
  }, args);
}
