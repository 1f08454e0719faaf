/**
 * Which Lucide icons only the back office uses, so the build keeps them out of the storefront's
 * shared `icons` chunk (every storefront page loads that chunk; 27 back-office icons in it cost
 * shoppers about 1 KB gzipped).
 *
 * Read from the source's `import { … } from "lucide-react"` lines: the back office is
 * `app/routes/admin/` and `app/components/admin/`, everything else under `app/` is the storefront.
 * An icon both use stays in `icons`. Names are Lucide's module names (`LayoutDashboard` is
 * `icons/layout-dashboard.mjs`); an alias whose module is named otherwise simply stays in `icons`.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;
const BACK_OFFICE = /[\\/](routes|components)[\\/]admin[\\/]/;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** `LayoutDashboard` -> `layout-dashboard`, `Wallet2` -> `wallet-2`. */
export function iconModuleName(exported: string): string {
  return exported
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/([a-zA-Z])(\d)/g, "$1-$2")
    .toLowerCase();
}

function importedIcons(source: string): string[] {
  return [...source.matchAll(LUCIDE_IMPORT)].flatMap((match) =>
    match[1]
      .split(",")
      .map((name) => name.trim().split(/\s+as\s+/)[0])
      .filter((name) => name !== "" && !name.startsWith("type ")),
  );
}

/** The module names of the icons imported only by back-office files under `appDirectory`. */
export function backOfficeOnlyIcons(appDirectory: string): Set<string> {
  const storefront = new Set<string>();
  const backOffice = new Set<string>();
  for (const file of sourceFiles(appDirectory))
    for (const icon of importedIcons(readFileSync(file, "utf8")))
      (BACK_OFFICE.test(file) ? backOffice : storefront).add(icon);
  return new Set(
    [...backOffice].filter((icon) => !storefront.has(icon)).map((icon) => iconModuleName(icon)),
  );
}
