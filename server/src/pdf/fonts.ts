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
type Layout = (text: string, features?: unknown, ...rest: unknown[]) => unknown;
type Glyph = { id: number; codePoints: number[] };
/**
 * A shaped text as glyph ids and the characters each stands for, without the document that shaped it.
 * `codePoints` is null when glyph i stands for the text's character i, as for nearly every text.
 */
type Shaped = { ids: Uint16Array; codePoints: number[][] | null };
type ParsedFont = { font: object; layouts: Map<string, Shaped> };
const parsedFonts = new WeakMap<Uint8Array, ParsedFont>();

function shaped(text: string, glyphs: readonly Glyph[]): Shaped {
  const characters = Array.from(text, (character) => character.codePointAt(0) ?? 0);
  const oneToOne =
    glyphs.length === characters.length &&
    glyphs.every((glyph, i) => glyph.codePoints.length === 1 && glyph.codePoints[0] === characters[i]);
  return {
    ids: Uint16Array.from(glyphs, (glyph) => glyph.id),
    codePoints: oneToOne ? null : glyphs.map((glyph) => glyph.codePoints),
  };
}

/** A kept shaping's glyphs taken from the asking document's own font, as its shaping would have made them. */
function glyphsOf(font: { getGlyph(id: number, codePoints: number[]): Glyph }, text: string, kept: Shaped) {
  const characters = kept.codePoints ?? Array.from(text, (character) => [character.codePointAt(0) ?? 0]);
  return Array.from(kept.ids, (id, i) => font.getGlyph(id, characters[i] ?? []));
}

/** Distinct texts whose shaping a font keeps; past it the cache starts again (a month holds far fewer). */
export const LAYOUT_CACHE_SIZE = 20_000;

/**
 * `@pdf-lib/fontkit` with each font file parsed once per process (D397). pdf-lib parses the font file
 * again for every document it embeds it in, and fontkit decodes its tables lazily on that fresh copy:
 * about nine tenths of an invoice's rendering. The parsed font only reads its file; every document still
 * makes its own subset, so the PDFs are byte for byte the same.
 *
 * The shaping of a text (fontkit's `layout`: substitution and positioning tables, for each width pdf-lib
 * measures and each text it draws) is kept per font too (D410): the same labels, names and courses come
 * back on every invoice of a month, and shaping was half of drawing one. A text's shaping depends only on
 * the font and the text, so a kept one is the one fontkit would make again.
 */
export function cachingFontkit<K extends Fontkit>(fontkit: K): K {
  return {
    ...fontkit,
    create(data: Uint8Array, postscriptName?: string) {
      if (postscriptName !== undefined) return fontkit.create(data, postscriptName);
      let parsed = parsedFonts.get(data);
      if (parsed === undefined) {
        parsed = { font: fontkit.create(data) as object, layouts: new Map() };
        parsedFonts.set(data, parsed);
      }
      const { font, layouts } = parsed;
      // The decoded tables are shared; the glyphs (which remember the characters they were asked for,
      // the PDF's text layer) and the layout state are the document's own.
      const own = Object.create(font) as {
        _glyphs: object;
        layout: Layout;
        getGlyph(id: number, codePoints: number[]): Glyph;
      };
      own._glyphs = {};
      const shape = (font as { layout: Layout }).layout;
      own.layout = function layout(text, features, ...rest) {
        // pdf-lib asks with no features, script or direction; anything else is shaped afresh.
        if (features !== undefined || rest.some((arg) => arg !== undefined)) {
          return shape.call(this, text, features, ...rest);
        }
        const kept = layouts.get(text);
        if (kept) return { glyphs: glyphsOf(own, text, kept) };
        const run = shape.call(this, text) as { glyphs: Glyph[] };
        if (layouts.size >= LAYOUT_CACHE_SIZE) layouts.clear();
        layouts.set(text, shaped(text, run.glyphs));
        return run;
      };
      return own;
    },
  };
}
