// Files that ship with the project (the built web app, migrations, the postcode
// table), found from the package root. The server runs from src/ under tsx in
// development and from dist/server/ once compiled, so no path is
// written relative to this file's own folder.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const PACKAGE_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));
export const WEB_DIST = join(PACKAGE_ROOT, "dist", "web");
export const MIGRATIONS_DIR = join(PACKAGE_ROOT, "migrations");
/** the UK postcode-district centroids shipped in the repository (POSTCODE_DATA overrides) */
export const SHIPPED_POSTCODE_DATA = join(PACKAGE_ROOT, "data", "uk-outcodes.csv");
/** the fonts the PDFs embed (DejaVu Sans Condensed, its LICENSE beside them) */
export const FONTS_DIR = join(PACKAGE_ROOT, "assets", "fonts");
