import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
let fontFiles: { regular: Uint8Array; bold: Uint8Array } | undefined;

/**
 * DejaVu Sans for the PDFs the server draws (invoices, gift cards): the standard PDF fonts have no
 * Cyrillic. Read once per process; the files are 700 KB each.
 */
export function dejaVu() {
  if (!fontFiles) {
    const dir = join(dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");
    fontFiles = {
      regular: readFileSync(join(dir, "DejaVuSans.ttf")),
      bold: readFileSync(join(dir, "DejaVuSans-Bold.ttf")),
    };
  }
  return fontFiles;
}
