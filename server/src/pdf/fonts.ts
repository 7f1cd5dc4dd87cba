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

type Fontkit = { create(data: Uint8Array, postscriptName?: string): unknown };
const parsedFonts = new WeakMap<Uint8Array, unknown>();

/**
 * `@pdf-lib/fontkit` with each font file parsed once per process (D397). pdf-lib parses the font file
 * again for every document it embeds it in, and fontkit decodes its tables lazily on that fresh copy:
 * about nine tenths of an invoice's rendering. The parsed font only reads its file; every document still
 * makes its own subset, so the PDFs are byte for byte the same.
 */
export function cachingFontkit<K extends Fontkit>(fontkit: K): K {
  return {
    ...fontkit,
    create(data: Uint8Array, postscriptName?: string) {
      if (postscriptName !== undefined) return fontkit.create(data, postscriptName);
      let font = parsedFonts.get(data);
      if (font === undefined) {
        font = fontkit.create(data);
        parsedFonts.set(data, font);
      }
      // The decoded tables are shared; the glyphs (which remember the characters they were asked for,
      // the PDF's text layer) and the layout state are the document's own.
      const own = Object.create(font as object) as { _glyphs: object };
      own._glyphs = {};
      return own;
    },
  };
}
