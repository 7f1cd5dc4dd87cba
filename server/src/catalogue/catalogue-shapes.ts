import {
  centsToDecimal,
  type House,
  type Instructor,
  type InstructorSummary,
  type Locale,
  locationAddress,
  type MeetingCard,
  type Product,
  type PurchaseOption,
  type PurchaseOptionType,
  type ScheduleSlot,
  type ScheduleType,
  type SubscriptionPrice,
} from "@atelier/contract";
import type { ImageRef } from "../db/index.ts";
import type { HouseJson, InstructorRow, OptionRow, ProductCardRow, SlotRow } from "./catalogue.repository.ts";
import type { JsonPart } from "./http-cache.ts";

/**
 * The catalogue's rows as the public API shows them (Django REST's shapes): products with their slots,
 * options, instructors and houses, images with absolute addresses, seats left. Pure functions, shared by
 * the product lists, the product page and the instructor page.
 */

const OPTION_TYPES: Record<ScheduleType, PurchaseOptionType> = {
  "Course (1 / week)": "subscription",
  "Course (2 / week)": "subscription",
  "Course (3 / week)": "subscription",
  TERMINKARTEN: "meeting_card",
  "Academy (1st half)": "academy",
  "Academy (2nd half)": "academy",
  "Academy (full day)": "academy",
  Ticket: "ticket",
  BirthdayPackage: "birthday_package",
  GiftCard: "gift_card",
  Offer: "offer",
};

/** The id-or-slug of a URL: digits are an id, anything else a slug. */
export function parseIdOrSlug(value: string): { id: number } | { slug: string } {
  return /^\d{1,9}$/.test(value) ? { id: Number(value) } : { slug: value };
}

const hhmm = (time: string) => time.slice(0, 5);

/** Seats left in a slot or week: never below zero (an overbooked unit shows none). */
export const spaceLeft = (seats: number, taken: number) => Math.max(0, seats - taken);

/** Turns a stored media path ("/images/…") into the address clients load it from. */
export type MediaUrl = (src: string) => string;

/**
 * Media paths become absolute on PUBLIC_URL: the school's existing client runs on another origin and
 * would resolve "/images/…" against its own.
 */
export function mediaUrlOn(publicUrl: string): MediaUrl {
  const base = publicUrl.replace(/\/$/, "");
  return (src) => (src.startsWith("/") && !src.startsWith("//") ? `${base}${src}` : src);
}

export const imageIn = (image: ImageRef | null, locale: Locale, media: MediaUrl) =>
  image ? { src: media(image.src), width: image.width, height: image.height, alt: image.alt[locale] } : null;

const toSlot =
  (locale: Locale) =>
  (row: Omit<SlotRow, "productPageId">): ScheduleSlot => {
    // Russian pages name the instructor in the school's Cyrillic spelling where it gives one (D64).
    const first =
      locale === "ru" ? (row.instructorFirstNameRu ?? row.instructorFirstName) : row.instructorFirstName;
    const last =
      locale === "ru" ? (row.instructorLastNameRu ?? row.instructorLastName) : row.instructorLastName;
    const name = row.instructorFirstName === null ? null : `${first} ${last ?? ""}`.trim();
    return {
      id: row.id,
      weekday: row.weekday,
      date: row.date,
      start: hhmm(row.start),
      end: hhmm(row.end),
      seats: row.seats,
      space: spaceLeft(row.seats, row.taken),
      instructor: row.instructorId,
      instructor_name: name,
    };
  };

function toOption(row: Omit<OptionRow, "productPageId">): PurchaseOption {
  return {
    id: row.id,
    type: OPTION_TYPES[row.scheduleType],
    schedule_type: row.scheduleType,
    name: row.name,
    base_price: centsToDecimal(row.basePriceCents),
    base_price_cents: row.basePriceCents,
    number_of_meetings: row.numberOfMeetings,
    meetings_per_week: row.meetingsPerWeek,
    max_children: row.maxChildren,
    is_recurring: row.isRecurring,
  };
}

const toInstructorSummary =
  (media: MediaUrl) =>
  (row: InstructorRow): InstructorSummary => ({
    id: row.id,
    slug: row.slug,
    first_name: row.firstName,
    last_name: row.lastName,
    photo: row.photo ? media(row.photo) : row.photo,
  });

export const toInstructor =
  (media: MediaUrl) =>
  (row: InstructorRow): Instructor => ({
    ...toInstructorSummary(media)(row),
    job: row.job,
    subject: row.subject,
    bio: row.bio,
  });

export type Related = {
  slots: Omit<SlotRow, "productPageId">[];
  options: Omit<OptionRow, "productPageId">[];
  instructors: InstructorRow[];
  weekSpan: { firstStartsOn: string; lastEndsOn: string } | undefined;
};

/** A house as the shop shows it, with its one-line address (D151). */
export const toHouse = (row: HouseJson): House => ({
  ...row,
  address: locationAddress({ street: row.street, city: `${row.post_code} ${row.city}`.trim() }),
});

export function toProduct(card: ProductCardRow, related: Related, locale: Locale, media: MediaUrl): Product {
  const options = related.options.map(toOption);
  const meetingCardRow = related.options.find((o) => o.scheduleType === "TERMINKARTEN");
  const meetingCard: MeetingCard | null = meetingCardRow
    ? {
        number_of_meetings: meetingCardRow.numberOfMeetings ?? 0,
        price: centsToDecimal(meetingCardRow.basePriceCents),
        price_cents: meetingCardRow.basePriceCents,
      }
    : null;
  const subscriptions: SubscriptionPrice[] = related.options
    .filter((o) => OPTION_TYPES[o.scheduleType] === "subscription")
    .map((o) => ({
      number_of_meetings_per_week: o.meetingsPerWeek ?? Number(o.scheduleType.match(/\d/)?.[0] ?? 1),
      price: centsToDecimal(o.basePriceCents),
      price_cents: o.basePriceCents,
    }));
  const titleImage = imageIn(card.titleImage, locale, media);
  const priceFromCents = options.length ? Math.min(...options.map((o) => o.base_price_cents)) : null;
  return {
    id: card.id,
    slug: card.slug,
    type: card.productType,
    product_type: card.productType,
    name: card.name,
    summary: card.summary,
    description: card.summary,
    language: card.language,
    age_group: card.ageGroup,
    category: card.categoryId,
    category_name: card.categoryName,
    category_slug: card.categorySlug,
    photo: titleImage?.src ?? null,
    title_image: titleImage,
    location: card.location,
    house: card.house && toHouse(card.house),
    is_featured: card.isFeatured,
    refund_days_before: card.refundDaysBefore,
    price_from: priceFromCents === null ? null : centsToDecimal(priceFromCents),
    price_from_cents: priceFromCents,
    schedule_slots: related.slots.map(toSlot(locale)),
    next_week_starts_on: related.weekSpan?.firstStartsOn ?? null,
    last_week_ends_on: related.weekSpan?.lastEndsOn ?? null,
    purchase_options: options,
    meeting_card: meetingCard,
    subscriptions,
    instructors: related.instructors.map(toInstructorSummary(media)),
  };
}

export type ProductPage = {
  count: number;
  results: Product[];
  hasNext: boolean;
  hasPrevious: boolean;
};

/** A list page with its results as JSON made once per epoch (`listProductsJson`). */
export type ProductPageJson = Omit<ProductPage, "results"> & { results: JsonPart };
