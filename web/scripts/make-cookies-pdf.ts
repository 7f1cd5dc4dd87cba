/**
 * Writes public/docs/cookies.pdf, the cookie policy linked from the cookie modal (spec §2).
 * A hand-built PDF 1.4 with the standard Helvetica fonts, so no dependency is needed.
 * Base-14 fonts cannot show Cyrillic; the PDF is German and points Russian readers to the privacy page.
 * Run: npx tsx web/scripts/make-cookies-pdf.ts
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

type Line = { text: string; size: number; bold?: boolean; gapBefore?: number };

const PAGE_WIDTH = 595; // A4 in points
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

// Helvetica advance widths (1/1000 em) from the standard AFM; other characters count as 611.
const NARROW = {
  " ": 278,
  f: 278,
  i: 222,
  j: 222,
  l: 222,
  r: 333,
  t: 278,
  I: 278,
  ".": 278,
  ",": 278,
  ":": 278,
  ";": 278,
  "/": 278,
  "-": 333,
  "(": 333,
  ")": 333,
  "!": 278,
} as Record<string, number>;
const WIDE = {
  m: 833,
  w: 722,
  M: 833,
  W: 944,
  O: 778,
  Q: 778,
  G: 778,
  C: 722,
  D: 722,
  H: 722,
  N: 722,
  R: 722,
  U: 722,
  Ü: 722,
  Ö: 778,
  "@": 1015,
} as Record<string, number>;
const MEDIUM = "abdeghnopquäöüABEKPSVXYÄ0123456789";
const SMALL = "cksvxyzJLTFZ";

function charWidth(char: string): number {
  if (char in NARROW) return NARROW[char] ?? 278;
  if (char in WIDE) return WIDE[char] ?? 722;
  if (MEDIUM.includes(char)) return char >= "A" && char <= "Z" ? 667 : 556;
  if (SMALL.includes(char)) return char === char.toUpperCase() ? 611 : 500;
  return 611;
}

/** Width of `text` in points; bold Helvetica runs about 8 % wider. */
function textWidth(text: string, size: number, bold = false): number {
  let units = 0;
  for (const char of text) units += charWidth(char);
  return (units / 1000) * size * (bold ? 1.08 : 1);
}

const content: Line[] = [
  { text: "Atelier - Kunst- und Sprachschule Berlin", size: 11, bold: true },
  { text: "Cookie-Richtlinie", size: 20, bold: true, gapBefore: 10 },
  {
    text: "Stand: 2026. Atelier, Kastanienallee 12, 10435 Berlin, info@atelier-berlin.example",
    size: 9.5,
    gapBefore: 4,
  },
  { text: "1. Was sind Cookies?", size: 13, bold: true, gapBefore: 18 },
  {
    text: "Cookies sind kleine Textdateien, die Ihr Browser speichert. Ähnlich funktionieren der lokale Speicher (Local Storage) und der Sitzungsspeicher (Session Storage) des Browsers. Wir nutzen diese Techniken nur, soweit es für den Shop nötig ist oder Sie eingewilligt haben.",
    size: 10.5,
  },
  { text: "2. Notwendige Cookies und Speicherungen (immer aktiv)", size: 13, bold: true, gapBefore: 14 },
  {
    text: "i18n_redirected (Cookie, 365 Tage): merkt sich Ihre Sprache (Deutsch oder Russisch). odev-token und user (Local Storage): halten Sie nach der Anmeldung angemeldet. cart-id und visitors (Local Storage): Ihr Warenkorb und die angelegten Teilnehmenden vor der Anmeldung. is-closed-cookie und cookie-consent (Local Storage): speichern Ihre Auswahl in diesem Hinweis. csrftoken (Cookie): schützt Formulare vor Missbrauch.",
    size: 10.5,
  },
  { text: "3. Statistik (nur mit Einwilligung, standardmäßig aus)", size: 13, bold: true, gapBefore: 14 },
  {
    text: "Mit Ihrer Einwilligung werten wir aus, wie der Shop genutzt wird, um Fehler zu finden und ihn zu verbessern. Ohne Einwilligung findet keine Auswertung statt.",
    size: 10.5,
  },
  {
    text: "4. Externe Medien (nur mit Einwilligung, standardmäßig aus)",
    size: 13,
    bold: true,
    gapBefore: 14,
  },
  {
    text: "Dazu gehören eingebettete Inhalte von Drittanbietern, etwa Videos und Karten, sowie die Erkennung Ihres Landes anhand der IP-Adresse, um die Vorwahl im Telefonfeld vorzubelegen. Dabei wird Ihre IP-Adresse an den jeweiligen Anbieter übertragen.",
    size: 10.5,
  },
  { text: "5. Ihre Wahl ändern", size: 13, bold: true, gapBefore: 14 },
  {
    text: "Sie können Ihre Einwilligung jederzeit mit Wirkung für die Zukunft widerrufen, indem Sie die Website-Daten in Ihrem Browser löschen; der Cookie-Hinweis erscheint dann erneut. Weitere Informationen, auch zu Ihren Rechten, finden Sie in unserer Datenschutzerklärung unter /legal/privacy.",
    size: 10.5,
  },
  { text: "Russische Fassung", size: 13, bold: true, gapBefore: 14 },
  {
    text: "Die russische Fassung dieser Richtlinie finden Sie auf der Seite zum Datenschutz (/legal/privacy?locale=ru). Russian version: see the privacy page (/legal/privacy?locale=ru).",
    size: 10.5,
  },
];

function wrap(text: string, fits: (candidate: string) => boolean): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(" ")) {
    if (current && !fits(`${current} ${word}`)) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** A PDF string literal in WinAnsiEncoding (Latin-1 covers the German letters used here). */
function pdfString(text: string): Buffer {
  const escaped = text.replace(/[\\()]/g, (c) => `\\${c}`);
  for (const char of escaped) {
    if (char.charCodeAt(0) > 0xff) throw new Error(`Not representable in WinAnsiEncoding: ${char}`);
  }
  return Buffer.from(`(${escaped})`, "latin1");
}

function pageStream(lines: Line[]): Buffer {
  const parts: Buffer[] = [];
  let y = PAGE_HEIGHT - MARGIN;
  for (const line of lines) {
    y -= line.gapBefore ?? 0;
    const fits = (candidate: string) => textWidth(candidate, line.size, line.bold) <= TEXT_WIDTH;
    for (const row of wrap(line.text, fits)) {
      y -= line.size * 1.45;
      parts.push(
        Buffer.from(`BT /${line.bold ? "F2" : "F1"} ${line.size} Tf ${MARGIN} ${y.toFixed(1)} Td `, "latin1"),
      );
      parts.push(pdfString(row));
      parts.push(Buffer.from(" Tj ET\n", "latin1"));
    }
  }
  if (y < MARGIN) throw new Error("The cookie policy no longer fits on one page; split it");
  return Buffer.concat(parts);
}

function buildPdf(): Buffer {
  const stream = pageStream(content);
  const objects: Buffer[] = [
    Buffer.from("<< /Type /Catalog /Pages 2 0 R >>"),
    Buffer.from("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
    Buffer.from(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>`,
    ),
    Buffer.concat([
      Buffer.from(`<< /Length ${stream.length} >>\nstream\n`),
      stream,
      Buffer.from("endstream"),
    ]),
    Buffer.from("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"),
    Buffer.from("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>"),
    Buffer.concat([
      Buffer.from("<< /Title "),
      pdfString("Cookie-Richtlinie - Atelier Berlin"),
      Buffer.from(" /Producer (atelier make-cookies-pdf) >>"),
    ]),
  ];
  const chunks: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  const offsets: number[] = [];
  let length = chunks[0]?.length ?? 0;
  objects.forEach((body, index) => {
    offsets.push(length);
    const chunk = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from("\nendobj\n")]);
    chunks.push(chunk);
    length += chunk.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n`,
    "0000000000 65535 f \n",
    ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${length}\n%%EOF\n`,
  ].join("");
  chunks.push(Buffer.from(xref, "latin1"));
  return Buffer.concat(chunks);
}

const target = join(dirname(fileURLToPath(import.meta.url)), "..", "public", "docs", "cookies.pdf");
writeFileSync(target, buildPdf());
console.log(`wrote ${target}`);
