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
    redeem:
      "Einlösen: Angebot auf unserer Website buchen und im Warenkorb den Code im Feld „Gutscheincode“ eingeben. Das Guthaben zahlt einen Teil oder die ganze Buchung; ein Rest bleibt auf dem Gutschein.",
  },
  ru: {
    title: "Подарочный сертификат",
    code: "Код сертификата",
    valid: (date: string) => `Действует до ${date}`,
    redeem:
      "Как использовать: выберите предложение на нашем сайте и введите код в корзине в поле «Промокод». Сертификат оплачивает часть или всю запись; остаток сохраняется.",
  },
} as const;

const INK = rgb(0.12, 0.23, 0.37);

/** A printable gift card (A5 landscape) in the buyer's language, DejaVu Sans embedded for Cyrillic. */
export async function renderGiftCardPdf(
  card: Pick<GiftCardRow, "code" | "initialCents" | "expiresAt" | "locale">,
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
  center("Atelier", height - 70, bold, 18);
  center(t.title, height - 110, bold, 26);
  center(formatMoney(card.initialCents, card.locale), height - 170, bold, 40);
  center(t.code, height - 210, regular, 11);
  center(card.code, height - 236, bold, 20);
  if (card.expiresAt) {
    const day = card.expiresAt.toISOString().slice(0, 10);
    center(t.valid(formatDate(day, card.locale)), height - 262, regular, 11);
  }
  let y = height - 296;
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
