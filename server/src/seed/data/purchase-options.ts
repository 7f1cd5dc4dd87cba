import { GIFT_CARD_AMOUNT_WORDS, type LocalizedText } from "@atelier/contract";
import { l, type PurchaseOptionSeed } from "./types.ts";

/** Monthly prices of a course subscription by meetings per week, and the meeting card. */
export type CoursePrices = { perWeek: Partial<Record<1 | 2 | 3, number>>; meetingCard?: number };

/** Standard 60-minute course: 79 € / 145 € / 199 € per month, 10 meetings for 220 €. */
export const STANDARD_COURSE: CoursePrices = { perWeek: { 1: 7900, 2: 14500 }, meetingCard: 22000 };
export const STANDARD_COURSE_3X: CoursePrices = {
  perWeek: { 1: 7900, 2: 14500, 3: 19900 },
  meetingCard: 22000,
};
/** 90-minute course. */
export const LONG_COURSE: CoursePrices = { perWeek: { 1: 9900, 2: 18500 }, meetingCard: 27000 };

const PER_WEEK_NAMES: Record<1 | 2 | 3, LocalizedText> = {
  1: l("Abo: 1 × pro Woche, monatlich", "Абонемент: 1 раз в неделю, ежемесячно"),
  2: l("Abo: 2 × pro Woche, monatlich", "Абонемент: 2 раза в неделю, ежемесячно"),
  3: l("Abo: 3 × pro Woche, monatlich", "Абонемент: 3 раза в неделю, ежемесячно"),
};
const SCHEDULE_TYPE_BY_PER_WEEK = {
  1: "Course (1 / week)",
  2: "Course (2 / week)",
  3: "Course (3 / week)",
} as const;

export function courseOptions(prices: CoursePrices): PurchaseOptionSeed[] {
  const options: PurchaseOptionSeed[] = [];
  for (const perWeek of [1, 2, 3] as const) {
    const price = prices.perWeek[perWeek];
    if (price === undefined) continue;
    options.push({
      scheduleType: SCHEDULE_TYPE_BY_PER_WEEK[perWeek],
      name: PER_WEEK_NAMES[perWeek],
      basePriceCents: price,
      meetingsPerWeek: perWeek,
      isRecurring: true,
    });
  }
  if (prices.meetingCard !== undefined) {
    options.push({
      scheduleType: "TERMINKARTEN",
      name: l("Terminkarte: 10 Termine, 6 Monate gültig", "Карта на 10 занятий, действует 6 месяцев"),
      basePriceCents: prices.meetingCard,
      numberOfMeetings: 10,
    });
  }
  return options;
}

/** Academy prices per week: half day (morning or afternoon) and full day. */
export function academyOptions(halfDay: number, fullDay: number): PurchaseOptionSeed[] {
  return [
    {
      scheduleType: "Academy (1st half)",
      name: l("Vormittag 9–13 Uhr, pro Woche", "Первая половина дня 9–13, за неделю"),
      basePriceCents: halfDay,
    },
    {
      scheduleType: "Academy (2nd half)",
      name: l("Nachmittag 13–17 Uhr, pro Woche", "Вторая половина дня 13–17, за неделю"),
      basePriceCents: halfDay,
    },
    {
      scheduleType: "Academy (full day)",
      name: l("Ganztags 9–17 Uhr mit Mittagessen, pro Woche", "Полный день 9–17 с обедом, за неделю"),
      basePriceCents: fullDay,
    },
  ];
}

export const ticket = (priceCents: number, name = l("Ticket", "Билет")): PurchaseOptionSeed => ({
  scheduleType: "Ticket",
  name,
  basePriceCents: priceCents,
  numberOfMeetings: 1,
});

export const birthdayPackage = (
  name: LocalizedText,
  priceCents: number,
  maxChildren: number,
): PurchaseOptionSeed => ({
  scheduleType: "BirthdayPackage",
  name,
  basePriceCents: priceCents,
  maxChildren,
});

export const giftCardAmounts = (amountsCents: number[]): PurchaseOptionSeed[] =>
  amountsCents.map((cents) => {
    const euros = (cents / 100).toString();
    const named = ({ before, after }: { before: string; after: string }) => `${before}${euros}${after}`;
    return {
      scheduleType: "GiftCard",
      name: l(named(GIFT_CARD_AMOUNT_WORDS.de), named(GIFT_CARD_AMOUNT_WORDS.ru)),
      basePriceCents: cents,
    };
  });

export const offer = (
  name: LocalizedText,
  priceCents: number,
  numberOfMeetings?: number,
): PurchaseOptionSeed => ({
  scheduleType: "Offer",
  name,
  basePriceCents: priceCents,
  ...(numberOfMeetings === undefined ? {} : { numberOfMeetings }),
});
