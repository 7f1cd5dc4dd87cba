import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb } from "pdf-lib";
import { formatDate, formatMoney } from "../mail/index.ts";
import { dejaVu, wrapText } from "../pdf/index.ts";
import type { GiftCardRow } from "./gift-cards.repository.ts";

const TEXTS = {
  de: {
    title: "Geschenkgutschein",
    code: "Gutscheincode",
    valid: (date: string) => `Gültig bis ${date}`,
    for: (name: string) => `Für ${name}`,
    brand: "Atelier",
    quote: (text: string) => `„${text}“`,
    redeem:
      "Einlösen: Angebot auf unserer Website buchen und im Warenkorb den Code im Feld „Gutscheincode“ eingeben. Das Guthaben zahlt einen Teil oder die ganze Buchung; ein Rest bleibt auf dem Gutschein.",
  },
  ru: {
    title: "Подарочный сертификат",
    code: "Код сертификата",
    valid: (date: string) => `Действует до ${date}`,
    for: (name: string) => `Получатель: ${name}`,
    brand: "«Ателье»",
    quote: (text: string) => `«${text}»`,
    redeem:
      "Как использовать: выберите предложение на нашем сайте и введите код в корзине в поле «Промокод». Сертификат оплачивает часть или всю запись; остаток сохраняется.",
  },
} as const;

/** The buyer's message as the card's language quotes it (issue 32 item 12): „…“ in German, «…» in Russian. */
export function quotedMessage(locale: keyof typeof TEXTS, message: string): string {
  return TEXTS[locale].quote(message);
}

const INK = rgb(0.12, 0.23, 0.37);

/**
 * A printable gift card (A5 landscape) in the buyer's language, DejaVu Sans embedded for Cyrillic. It shows
 * what the card is worth when it is drawn, its balance (D629): a card refunded in part, or sent again after
 * a first purchase with it, is not worth its first value any more.
 */
export async function renderGiftCardPdf(
  card: Pick<GiftCardRow, "code" | "balanceCents" | "expiresAt" | "locale"> &
    Partial<Pick<GiftCardRow, "recipientName" | "message">>,
  school: { legalName: string; address: string; publicUrl: string },
): Promise<Uint8Array> {
  const t = TEXTS[card.locale];
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const files = dejaVu();
  const regular = await pdf.embedFont(files.regular, { subset: true });
  const bold = await pdf.embedFont(files.bold, { subset: true });
  pdf.setTitle(`${t.title} ${card.code}`);
  pdf.setAuthor(school.legalName);
  const page = pdf.addPage([595.28, 419.53]);
  const { width, height } = page.getSize();
  page.drawRectangle({
    x: 20,
    y: 20,
    width: width - 40,
    height: height - 40,
    borderColor: INK,
    borderWidth: 2,
  });
  const center = (text: string, y: number, font = regular, size = 12) =>
    page.drawText(text, { x: (width - font.widthOfTextAtSize(text, size)) / 2, y, font, size, color: INK });
  // Top down: a recipient's name and the buyer's message (at most three lines) push the rest down.
  const note = card.message ? wrapText(t.quote(card.message), regular, 10, width - 140).slice(0, 3) : [];
  let y = height - 60;
  center(t.brand, y, bold, 16);
  y -= 32;
  center(t.title, y, bold, 24);
  if (card.recipientName) {
    y -= 24;
    center(t.for(card.recipientName), y, regular, 13);
  }
  for (const line of note) {
    y -= 14;
    center(line, y, regular, 10);
  }
  y -= 52;
  center(formatMoney(card.balanceCents, card.locale), y, bold, 36);
  y -= 34;
  center(t.code, y, regular, 11);
  y -= 24;
  center(card.code, y, bold, 20);
  if (card.expiresAt) {
    const day = card.expiresAt.toISOString().slice(0, 10);
    y -= 24;
    center(t.valid(formatDate(day, card.locale)), y, regular, 11);
  }
  y -= 32;
  for (const line of wrapText(t.redeem, regular, 9.5, width - 120)) {
    center(line, y, regular, 9.5);
    y -= 13;
  }
  center(
    `${school.legalName} · ${school.address} · ${school.publicUrl.replace(/^https?:\/\//, "")}`,
    40,
    regular,
    8,
  );
  return pdf.save();
}
