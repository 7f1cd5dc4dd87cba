import type { Locale } from "@atelier/contract";
import { formatDate, formatMoney } from "./format.ts";

/** What a refund put back onto the gift card that paid (D494), and until when that card now pays (D499). */
export type GiftCardReturn = {
  /** The part of the refund that went back onto the card; absent in mails queued before. */
  giftCardCents?: number;
  /** The card's last day after it (`YYYY-MM-DD`, Berlin): an expired card is valid again from the refund. */
  giftCardValidUntil?: string | null;
  refundCents: number;
};

const TEXTS: Record<Locale, { part: string; validUntil: string }> = {
  de: { part: "Davon zurück auf Ihren Gutschein", validUntil: "Gutschein gültig bis" },
  ru: { part: "Из них на ваш сертификат", validUntil: "Сертификат действует до" },
};

/** The part of a refund that went onto the card, at most the refund. */
export const giftCardPartOf = (data: GiftCardReturn) => Math.min(data.giftCardCents ?? 0, data.refundCents);

/**
 * The mail's rows for the card: its part (`withPart`: a mail whose text says the whole refund went onto the
 * card leaves it out) and its last day, nothing when nothing went onto a card.
 */
export function giftCardReturnRows(data: GiftCardReturn, locale: Locale, withPart: boolean) {
  const part = giftCardPartOf(data);
  if (part <= 0) return [];
  const t = TEXTS[locale];
  return [
    ...(withPart ? [{ label: t.part, value: formatMoney(part, locale) }] : []),
    ...(data.giftCardValidUntil
      ? [{ label: t.validUntil, value: formatDate(data.giftCardValidUntil, locale) }]
      : []),
  ];
}
