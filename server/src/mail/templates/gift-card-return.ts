import type { Locale } from "@atelier/contract";
import { formatDate, formatMoney } from "./format.ts";

/** What a refund put back onto the gift card that paid (D494), and until when that card now pays (D499). */
export type GiftCardReturn = {
  /** The part of the refund that went back onto the card; absent in mails queued before. */
  giftCardCents?: number;
  /** The card's last day after it (`YYYY-MM-DD`, Berlin): an expired card is valid again from the refund. */
  giftCardValidUntil?: string | null;
  /**
   * The card was deactivated by the school (D504): the money is on it but it pays nothing, and the school
   * was told to give the family a new card for it.
   */
  giftCardBlocked?: boolean;
  refundCents: number;
};

const TEXTS: Record<Locale, { part: string; validUntil: string; blocked: { label: string; value: string } }> =
  {
    de: {
      part: "Davon zurück auf Ihren Gutschein",
      validUntil: "Gutschein gültig bis",
      blocked: {
        label: "Gutschein",
        value: "gesperrt – die Schule meldet sich bei Ihnen, damit Sie diesen Betrag erhalten",
      },
    },
    ru: {
      part: "Из них на ваш сертификат",
      validUntil: "Сертификат действует до",
      blocked: {
        label: "Сертификат",
        value: "заблокирован — школа свяжется с вами, чтобы вы получили эту сумму",
      },
    },
  };

/** The part of a refund that went onto the card, at most the refund. */
export const giftCardPartOf = (data: GiftCardReturn) => Math.min(data.giftCardCents ?? 0, data.refundCents);

/**
 * The mail's rows for the card: its part (`withPart`: a mail whose text says the whole refund went onto the
 * card leaves it out) and its last day, or that it is blocked; nothing when nothing went onto a card.
 */
export function giftCardReturnRows(data: GiftCardReturn, locale: Locale, withPart: boolean) {
  const part = giftCardPartOf(data);
  if (part <= 0) return [];
  const t = TEXTS[locale];
  return [
    ...(withPart ? [{ label: t.part, value: formatMoney(part, locale) }] : []),
    ...(data.giftCardBlocked
      ? [t.blocked]
      : data.giftCardValidUntil
        ? [{ label: t.validUntil, value: formatDate(data.giftCardValidUntil, locale) }]
        : []),
  ];
}
