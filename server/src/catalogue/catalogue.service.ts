import {
  type AcademyWeek,
  ageGroupsForAge,
  type Category,
  centsToDecimal,
  type House,
  type Instructor,
  type InstructorDetail,
  type InstructorSummary,
  instructionLanguagesMatching,
  type ListedHouse,
  type Locale,
  locationAddress,
  type MeetingCard,
  type Product,
  type ProductDetail,
  type ProductFilters,
  type PurchaseOption,
  type PurchaseOptionType,
  type ScheduleSlot,
  type ScheduleType,
  type SubscriptionPrice,
} from "@atelier/contract";
import type { DbOrTx, ImageRef } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import {
  countProducts,
  findActiveHouses,
  findCategories,
  findInstructor,
  findInstructors,
  type HouseJson,
  type InstructorRow,
  listValues,
  type OptionRow,
  type ProductCardRow,
  type ProductListCriteria,
  type SlotRow,
  shapeOf,
} from "./catalogue.repository.ts";
import { findUpcomingClosures } from "./closures.repository.ts";
import { type JsonPart, jsonPart } from "./http-cache.ts";
import {
  findListPage,
  findProductDetail,
  findProductList,
  type ProductListRow,
} from "./product-read.repository.ts";

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

/** A text for ILIKE that matches itself literally anywhere: `%`, `_` and `\` are escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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

const imageIn = (image: ImageRef | null, locale: Locale, media: MediaUrl) =>
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

const toInstructor =
  (media: MediaUrl) =>
  (row: InstructorRow): Instructor => ({
    ...toInstructorSummary(media)(row),
    job: row.job,
    subject: row.subject,
    bio: row.bio,
  });

type Related = {
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

function toProduct(card: ProductCardRow, related: Related, locale: Locale, media: MediaUrl): Product {
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

/** Page sets and cards kept per epoch at most; a catalogue has a few hundred products. */
const MAX_MEMO_ENTRIES = 5_000;

/**
 * What list requests reuse within one catalogue epoch (D85): the page of ids of each filter set (the
 * filters run in SQL), each card as JSON with its seats left, and the categories by slug and id.
 */
class EpochMemo {
  readonly pages = new Map<string, { ids: number[]; total: number; results?: JsonPart }>();
  readonly cards = new Map<string, string>();
  categories: Promise<Map<string, number>> | undefined;
  constructor(readonly epoch: number) {}
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;

/** The public catalogue: product lists and pages, categories, instructors. Reads only. */
export function createCatalogueService(db: DbOrTx, media: MediaUrl = (src) => src) {
  let memo = new EpochMemo(Number.NEGATIVE_INFINITY);
  /**
   * The memo of `epoch`: a newer epoch replaces it; a request still running under an older one gets a
   * memo of its own, so it neither brings old data back nor drops the newer epoch's.
   */
  const memoOf = (epoch: number): EpochMemo => {
    if (epoch > memo.epoch) memo = new EpochMemo(epoch);
    if (epoch !== memo.epoch) return new EpochMemo(epoch);
    if (memo.pages.size > MAX_MEMO_ENTRIES) memo.pages.clear();
    return memo;
  };
  /** Rows of the list query (each with its slots, options, instructors and week span) as products. */
  const toProducts = (rows: ProductListRow[], locale: Locale): Product[] =>
    rows.map((row) =>
      toProduct(
        row,
        {
          slots: row.slots,
          options: row.options,
          instructors: row.instructors,
          weekSpan: row.weekSpan ?? undefined,
        },
        locale,
        media,
      ),
    );

  async function getProduct(idOrSlug: string, locale: Locale): Promise<ProductDetail> {
    const page = await findProductDetail(db, parseIdOrSlug(idOrSlug), locale);
    if (!page) throw AppError.notFound();
    const { slots, options, instructors: people, weeks } = page;
    const first = weeks[0];
    const weekSpan = first && {
      firstStartsOn: first.startsOn,
      lastEndsOn: weeks.reduce((last, week) => (week.endsOn > last ? week.endsOn : last), first.endsOn),
    };
    const product = toProduct(page, { slots, options, instructors: people, weekSpan }, locale, media);
    const academyWeeks: AcademyWeek[] = weeks.map((week) => ({
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
    }));
    return {
      ...product,
      body: page.body,
      program: page.program,
      length: page.length,
      seo_text: page.seoText,
      qna: page.qna.map((entry) => ({ question: entry.question[locale], answer: entry.answer[locale] })),
      student_works: page.studentWorks.flatMap((image) => imageIn(image, locale, media) ?? []),
      background_image: imageIn(page.backgroundImage, locale, media),
      academy_schedule_slots: academyWeeks,
      instructors: people.map(toInstructor(media)),
      closures: await pageClosures(db, product.product_type, page.house?.id ?? null, locale),
    };
  }

  async function getInstructor(idOrSlug: string, locale: Locale): Promise<InstructorDetail> {
    const row = await findInstructor(db, parseIdOrSlug(idOrSlug), locale);
    if (!row) throw AppError.notFound();
    const { rows } = await findProductList(db, { instructorId: row.id }, locale, {
      limit: 1000,
      offset: 0,
    });
    return { ...toInstructor(media)(row), products: toProducts(rows, locale) };
  }

  /** Category ids by slug and by id as text. */
  const categoryIndex = async () =>
    new Map(
      (await findCategories(db, "de")).flatMap((row) => [
        [row.slug, row.id] as const,
        [String(row.id), row.id] as const,
      ]),
    );

  /** The category id of a filter value (id or slug); within an epoch, categories are read once. */
  async function resolveCategory(value: string, epoch: number | undefined): Promise<number> {
    let index: Promise<Map<string, number>>;
    if (epoch === undefined) index = categoryIndex();
    else {
      const known = memoOf(epoch);
      if (!known.categories) {
        const made = categoryIndex();
        // A failed read is not kept: the next request of the epoch reads again.
        made.catch(() => {
          if (known.categories === made) known.categories = undefined;
        });
        known.categories = made;
      }
      index = known.categories;
    }
    const by = parseIdOrSlug(value);
    const id = (await index).get("id" in by ? String(by.id) : by.slug);
    if (id === undefined) throw AppError.validation("category", "invalid_choice");
    return id;
  }

  /** The repository's criteria for the filters of a list request. */
  async function criteriaOf(
    filters: ProductFilters,
    epoch: number | undefined,
  ): Promise<ProductListCriteria> {
    const criteria: ProductListCriteria = {
      productTypes: filters.productTypes,
      languages: filters.language && instructionLanguagesMatching(filters.language),
      weekday: filters.weekday,
    };
    if (filters.ageGroup) criteria.ageGroups = [filters.ageGroup];
    if (filters.age !== undefined) {
      const groups = ageGroupsForAge(filters.age);
      criteria.ageGroups = criteria.ageGroups ? criteria.ageGroups.filter((g) => groups.includes(g)) : groups;
    }
    if (filters.category !== undefined) criteria.categoryId = await resolveCategory(filters.category, epoch);
    if (filters.location !== undefined) criteria.locationId = filters.location;
    if (filters.q !== undefined) criteria.search = containsPattern(filters.q);
    return criteria;
  }

  const service = {
    /** A list page read in full from the database (the SEO heads and the reference of `listProductsJson`). */
    async listProducts(filters: ProductFilters, locale: Locale, epoch?: number): Promise<ProductPage> {
      const criteria = await criteriaOf(filters, epoch);
      const offset = (filters.page - 1) * filters.pageSize;
      const { rows, total } = await findProductList(db, criteria, locale, {
        limit: filters.pageSize,
        offset,
      });
      // Django REST answers a page past the end with 404 ("Invalid page"); page 1 of nothing is empty.
      if (rows.length === 0 && filters.page > 1) throw AppError.notFound();
      const count = rows.length === 0 ? await countProducts(db, criteria, locale) : total;
      return {
        count,
        results: toProducts(rows, locale),
        hasNext: offset + rows.length < count,
        hasPrevious: filters.page > 1,
      };
    },

    /**
     * The same page as `listProducts`, with its results already as JSON, made from what the epoch
     * has already read (D85): the page of ids of these filters, then the cards, each read from the
     * database only the first time the epoch needs it. A card that vanished between the two reads
     * (unpublished meanwhile) makes the page read in full.
     */
    async listProductsJson(filters: ProductFilters, locale: Locale, epoch: number): Promise<ProductPageJson> {
      const criteria = await criteriaOf(filters, epoch);
      const offset = (filters.page - 1) * filters.pageSize;
      const key = `${locale}|${shapeOf(criteria)}|${JSON.stringify(listValues(criteria))}|${filters.pageSize}|${offset}`;
      const known = memoOf(epoch);
      let page = known.pages.get(key);
      if (!page) {
        page = await findListPage(db, criteria, locale, { limit: filters.pageSize, offset });
        known.pages.set(key, page);
      }
      if (page.ids.length === 0 && filters.page > 1) throw AppError.notFound();
      const missing = page.ids.filter((id) => !known.cards.has(`${locale}:${id}`));
      if (missing.length > 0) {
        const { rows } = await findProductList(db, { ids: missing }, locale, {
          limit: missing.length,
          offset: 0,
        });
        for (const product of toProducts(rows, locale))
          known.cards.set(`${locale}:${product.id}`, JSON.stringify(product));
      }
      if (!page.results) {
        const json: string[] = [];
        for (const id of page.ids) {
          const card = known.cards.get(`${locale}:${id}`);
          if (card === undefined) {
            const { results, ...full } = await service.listProducts(filters, locale, epoch);
            return { ...full, results: jsonPart(JSON.stringify(results)) };
          }
          json.push(card);
        }
        page.results = jsonPart(`[${json.join(",")}]`);
      }
      return {
        count: page.total,
        results: page.results,
        hasNext: offset + page.ids.length < page.total,
        hasPrevious: filters.page > 1,
      };
    },

    getProduct,
    getInstructor,

    async listCategories(locale: Locale): Promise<Category[]> {
      return findCategories(db, locale);
    },

    /** The houses a list can be filtered by (D151) and the contact block lists, with their phone (D177). */
    async listHouses(locale: Locale): Promise<ListedHouse[]> {
      return (await findActiveHouses(db, locale)).map((row) => ({ ...toHouse(row), phone: row.phone }));
    },

    async listInstructors(locale: Locale): Promise<Instructor[]> {
      return (await findInstructors(db, locale)).map(toInstructor(media));
    },
  };
  return service;
}
