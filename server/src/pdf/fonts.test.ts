import fontkit from "@pdf-lib/fontkit";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { cachingFontkit, dejaVu } from "./fonts.ts";

type Glyph = { id: number; codePoints: number[]; advanceWidth: number; _font: unknown };
type Font = { layout(text: string): { glyphs: Glyph[] } };

const shape = (font: Font, text: string) =>
  font.layout(text).glyphs.map((glyph) => ({
    id: glyph.id,
    codePoints: glyph.codePoints,
    advanceWidth: glyph.advanceWidth,
  }));

/** A short invoice-like page: the same label and a name that differs per document. */
async function drawDocument(kit: typeof fontkit, name: string) {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(kit);
  pdf.setCreationDate(new Date("2026-10-01T10:00:00Z"));
  pdf.setModificationDate(new Date("2026-10-01T10:00:00Z"));
  const font = await pdf.embedFont(dejaVu().regular, { subset: true });
  const page = pdf.addPage([595, 842]);
  page.drawText("Rechnung / Счёт", { x: 50, y: 800, size: 14, font });
  page.drawText(`${name}, Kurs «Маленькие художники»`, { x: 50, y: 780, size: 11, font });
  page.drawText(`Breite: ${font.widthOfTextAtSize(name, 11).toFixed(2)}`, { x: 50, y: 760, size: 11, font });
  return pdf.save();
}

describe("cachingFontkit (D397, D410)", () => {
  // The last one is written with combining marks, where a glyph may stand for more than one character.
  const texts = [
    "Rechnung Nr. 2026-00017",
    "Счёт за курс «Маленькие художники»",
    "Ölfarbe, Größe — 89,00 €",
    "Cafe\u0301 Йи\u0306 office ﬁ",
  ];

  it("shapes a text again as fontkit does, with the asking document's own glyphs", () => {
    const kit = cachingFontkit(fontkit);
    const first = kit.create(dejaVu().regular) as unknown as Font;
    const second = kit.create(dejaVu().regular) as unknown as Font;
    const plain = fontkit.create(dejaVu().regular) as unknown as Font;
    for (const text of texts) shape(first, text); // the first document fills the cache
    for (const text of texts) {
      expect(shape(second, text)).toEqual(shape(plain, text));
      // A kept shaping must not hand out glyphs of the document that shaped it first.
      for (const glyph of second.layout(text).glyphs) expect(glyph._font).toBe(second);
    }
  });

  it("keeps the regular and the bold font's shapings apart", () => {
    const kit = cachingFontkit(fontkit);
    const regular = kit.create(dejaVu().regular) as unknown as Font;
    const bold = kit.create(dejaVu().bold) as unknown as Font;
    const text = "Gesamtbetrag / Итого";
    shape(regular, text);
    expect(shape(bold, text)).toEqual(shape(fontkit.create(dejaVu().bold) as unknown as Font, text));
  });

  it("draws the same bytes as the plain fontkit, also after other documents", async () => {
    const kit = cachingFontkit(fontkit);
    await drawDocument(kit, "Анна Петрова");
    await drawDocument(kit, "Jörg Müller");
    const cached = await drawDocument(kit, "Анна Müller");
    const plain = await drawDocument(fontkit, "Анна Müller");
    expect(Buffer.from(cached).equals(Buffer.from(plain))).toBe(true);
  });
});
