import { z } from "zod";
import { isIsoDate, todayInBerlin } from "./rules/dates.ts";
import { EmailSchema } from "./rules/email.ts";
import type { Locale } from "./rules/locale.ts";
import { isOneLine, ONE_LINE } from "./rules/one-line.ts";

/**
 * A gift card bought in the shop (issue 24, item 6): the buyer chooses its value within these limits,
 * names who it is for, may add a message, and has it sent to themselves or to the recipient on a chosen
 * day. It books no child. Values in integer cents.
 */
export const GIFT_CARD_MIN_CENTS = 1_000;
export const GIFT_CARD_MAX_CENTS = 50_000;
export const GIFT_CARD_RECIPIENT_MAX_LENGTH = 80;
export const GIFT_CARD_MESSAGE_MAX_LENGTH = 300;
/** How far ahead a card may be scheduled to reach its recipient (a birthday next year is fine). */
export const GIFT_CARD_SEND_AHEAD_DAYS = 366;
export const GIFT_CARD_DELIVERIES = ["buyer", "recipient"] as const;
export type GiftCardDelivery = (typeof GIFT_CARD_DELIVERIES)[number];

/** The last day a card may be scheduled for, counted from Berlin's `today`. */
export function lastGiftCardSendDay(today: string = todayInBerlin()): string {
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + GIFT_CARD_SEND_AHEAD_DAYS);
  return day.toISOString().slice(0, 10);
}

const SendOnSchema = z
  .string({ error: "invalid_date" })
  .refine(isIsoDate, { error: "invalid_date" })
  .refine((day) => day >= todayInBerlin(), { error: "date_in_past" })
  .refine((day) => day <= lastGiftCardSendDay(), { error: "gift_card_send_too_far" });

/**
 * `gift_card` beside an item of a gift card's purchase option. Without it (the existing client) the card
 * is worth the option's list price and its mail goes to the buyer at once.
 */
export const GiftCardDetailsSchema = z
  .object({
    amount_cents: z
      .number({ error: "invalid" })
      .int({ error: "invalid" })
      .refine((cents) => cents % 100 === 0, { error: "gift_card_whole_euros" })
      .refine((cents) => cents >= GIFT_CARD_MIN_CENTS && cents <= GIFT_CARD_MAX_CENTS, {
        error: "gift_card_amount_range",
      }),
    recipient_name: z
      .string({ error: "required" })
      .trim()
      .min(1, { error: "required" })
      .max(GIFT_CARD_RECIPIENT_MAX_LENGTH, { error: "too_long" })
      .refine(isOneLine, ONE_LINE),
    message: z
      .string({ error: "invalid_type" })
      .trim()
      .max(GIFT_CARD_MESSAGE_MAX_LENGTH, { error: "too_long" })
      .optional()
      .default(""),
    deliver_to: z.enum(GIFT_CARD_DELIVERIES, { error: "invalid_choice" }).optional().default("buyer"),
    recipient_email: EmailSchema.nullish(),
    send_on: SendOnSchema.nullish(),
  })
  .superRefine((details, ctx) => {
    if (details.deliver_to === "recipient" && !details.recipient_email)
      ctx.addIssue({ code: "custom", path: ["recipient_email"], message: "required" });
  });
export type GiftCardDetailsInput = z.input<typeof GiftCardDetailsSchema>;
export type GiftCardDetails = z.output<typeof GiftCardDetailsSchema>;

/** What an order item keeps of it (stored as is; `send_on` null: at once when paid). */
export type StoredGiftCardDetails = {
  recipientName: string;
  message: string;
  deliverTo: GiftCardDelivery;
  recipientEmail: string | null;
  sendOn: string | null;
};

/**
 * How a gift card of an amount is named, around its whole euros ("Gutschein über 30 €"): the demo's options
 * are named so, and a card bought for an amount of its own is shown so on every line (D485).
 */
export const GIFT_CARD_AMOUNT_WORDS: Record<Locale, { before: string; after: string }> = {
  de: { before: "Gutschein über ", after: " €" },
  ru: { before: "Сертификат на ", after: " €" },
};

/** A card for the buyer goes to them at once; only a recipient's mail waits for its day. */
export const toStoredGiftCardDetails = (details: GiftCardDetails): StoredGiftCardDetails => {
  const toRecipient = details.deliver_to === "recipient";
  return {
    recipientName: details.recipient_name,
    message: details.message,
    deliverTo: details.deliver_to,
    recipientEmail: toRecipient ? (details.recipient_email ?? null) : null,
    sendOn: toRecipient ? (details.send_on ?? null) : null,
  };
};

/** The reply's view of it on a cart or order item. */
export const GiftCardDetailsReplySchema = z.object({
  recipient_name: z.string(),
  message: z.string(),
  deliver_to: z.enum(GIFT_CARD_DELIVERIES),
  recipient_email: z.string().nullable(),
  send_on: z.string().nullable(),
});
