import type { AcademyWeek, Locale, ProductDetail } from "@atelier/contract";
import type { DbOrTx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import {
  imageIn,
  type MediaUrl,
  parseIdOrSlug,
  spaceLeft,
  toInstructor,
  toProduct,
} from "./catalogue-shapes.ts";
import { findUpcomingClosures } from "./closures.repository.ts";
import { findProductDetail } from "./product-read.repository.ts";

/**
 * One product's page (by id or slug): the card's fields and what only the page shows, its text,
 * questions, student works, academy weeks with seats left, instructors and the closures that stop it.
 */

/** Offers that run in the school holidays: the house's closures are not theirs (D299). */
const HOLIDAY_OFFERS: readonly string[] = ["Academy"];

/**
 * The closures a product page lists (D114): closures stop what runs in term time; a holiday offer (an
 * academy, whose weeks are the holidays) is not stopped by them, and its page lists none (issue 32 item 9, D299).
 */
async function pageClosures(db: DbOrTx, productType: string, houseId: number | null, locale: Locale) {
  if (HOLIDAY_OFFERS.includes(productType)) return [];
  return (await findUpcomingClosures(db, houseId)).map((closure) => ({
    starts_on: closure.startsOn,
    ends_on: closure.endsOn,
    name: closure.name[locale] || closure.name.de,
  }));
}

type Week = NonNullable<Awaited<ReturnType<typeof findProductDetail>>>["weeks"][number];

/** An academy's weeks as its page lists them, each with the seats left. */
const toAcademyWeek = (week: Week): AcademyWeek => ({
  id: week.id,
  season: {
    id: week.seasonId,
    name: week.seasonName,
    starts_on: week.seasonStartsOn,
    ends_on: week.seasonEndsOn,
  },
  season_name: week.seasonName,
  starts_on: week.startsOn,
  ends_on: week.endsOn,
  seats: week.seats,
  space: spaceLeft(week.seats, week.taken),
});

export async function readProductPage(
  { db, media }: { db: DbOrTx; media: MediaUrl },
  idOrSlug: string,
  locale: Locale,
): Promise<ProductDetail> {
  const page = await findProductDetail(db, parseIdOrSlug(idOrSlug), locale);
  if (!page) throw AppError.notFound();
  const { slots, options, instructors: people, weeks } = page;
  const first = weeks[0];
  const weekSpan = first && {
    firstStartsOn: first.startsOn,
    lastEndsOn: weeks.reduce((last, week) => (week.endsOn > last ? week.endsOn : last), first.endsOn),
  };
  const product = toProduct(page, { slots, options, instructors: people, weekSpan }, locale, media);
  return {
    ...product,
    body: page.body,
    program: page.program,
    length: page.length,
    seo_text: page.seoText,
    qna: page.qna.map((entry) => ({ question: entry.question[locale], answer: entry.answer[locale] })),
    student_works: page.studentWorks.flatMap((image) => imageIn(image, locale, media) ?? []),
    background_image: imageIn(page.backgroundImage, locale, media),
    academy_schedule_slots: weeks.map(toAcademyWeek),
    instructors: people.map(toInstructor(media)),
    closures: await pageClosures(db, product.product_type, page.house?.id ?? null, locale),
    lesson_rules: {
      makeup_allowed: page.makeupAllowed,
      absence_cutoff_minutes: page.absenceCutoffMinutes,
      credit_valid_days: page.creditValidDays,
      credits_per_month: page.creditsPerMonth,
      cancelled_lesson_outcome: page.cancelledLessonOutcome === "lengthen" ? "lengthen" : "credit",
      what_to_bring: page.whatToBring,
    },
  };
}
