import { normalizeEmail } from "@atelier/contract";
import { hash } from "@node-rs/argon2";
import { count, eq, sql } from "drizzle-orm";
import { emailEquals, ensureFirstAdmin, type FirstAdmin, generatePassword } from "../accounts/index.ts";
import type { Db, DbOrTx } from "../db/index.ts";
import {
  academySeasons,
  academyWeeks,
  categories,
  closures,
  contentPages,
  giftCardLedger,
  giftCards,
  type ImageRef,
  instructors,
  locations,
  productPageInstructors,
  productPages,
  promocodes,
  purchaseOptions,
  scheduleSlots,
  users,
} from "../db/index.ts";
import { CATEGORIES } from "./data/categories.ts";
import { BERLIN_HOLIDAYS_2026_27 } from "./data/closures.ts";
import { CONTENT_PAGES } from "./data/content-pages.ts";
import { INSTRUCTORS } from "./data/instructors.ts";
import { HOUSES, houseOf } from "./data/locations.ts";
import { PRODUCTS } from "./data/products/index.ts";
import { GIFT_CARDS, PROMOCODES, STAFF_USER } from "./data/promotions.ts";
import { SEASONS } from "./data/seasons.ts";
import { studentWorkImage } from "./data/student-works.ts";
import type { ProductSeed } from "./data/types.ts";

export type SeedOptions = {
  staffEmail: string;
  staffPassword?: string | undefined;
  /**
   * The Berlin school holidays of 2026/27 as closures of every house (D122). The demo (server start and
   * `db:seed`) asks for them; tests leave them out, so their periods do not depend on today's date.
   */
  holidays?: boolean;
  /**
   * The school's first admin (D240), created beside the staff user when no account is admin yet. The
   * server start and `db:seed` pass ADMIN_EMAIL/ADMIN_PASSWORD; tests that need no admin leave it out.
   */
  adminEmail?: string | undefined;
  adminPassword?: string | undefined;
};
export type SeedResult = {
  staffEmail: string;
  /** The staff user's password when this run set it; "" when nothing was seeded or the user already existed. */
  staffPassword: string;
  /** False when the catalogue already had product pages and nothing was written. */
  created: boolean;
  /** The admin this run created or promoted; null when one existed already or none was asked for. */
  admin: FirstAdmin | null;
};

/** Advisory lock key of the seed transaction ("atelier" in ASCII, truncated). */
const SEED_LOCK_KEY = 0x6174656c;

export const titleImageOf = (product: ProductSeed): ImageRef => ({
  src: `/images/catalogue/${product.slug}.svg`,
  width: 1200,
  height: 800,
  alt: product.titleImageAlt,
});

export const instructorPhotoOf = (slug: string): string => `/images/instructors/${slug}.svg`;

/**
 * Fills an empty database with the demo catalogue, content pages, a promocode, a gift card and a staff
 * user, in one transaction. Does nothing when product pages already exist, so it is safe at every start.
 */
export async function seedDemoCatalogue(db: Db, options: SeedOptions): Promise<SeedResult> {
  const staffEmail = normalizeEmail(options.staffEmail);
  const password = options.staffPassword ?? generatePassword();
  const passwordHash = await hash(password);

  return db.transaction(async (tx) => {
    // Several instances may start at once on an empty database: the first seeds, the others wait and skip.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: count() }).from(productPages);
    if ((existing?.n ?? 0) > 0) return { staffEmail, staffPassword: "", created: false, admin: null };

    const houseIds = await insertHouses(tx);
    const categoryIds = await insertCategories(tx);
    const instructorIds = await insertInstructors(tx);
    const seasonIds = await insertSeasons(tx);
    await insertProducts(tx, { categoryIds, instructorIds, seasonIds, houseIds });
    await tx.insert(contentPages).values(CONTENT_PAGES).onConflictDoNothing({ target: contentPages.key });
    await tx.insert(promocodes).values(PROMOCODES).onConflictDoNothing();
    if (options.holidays)
      await tx
        .insert(closures)
        .values(BERLIN_HOLIDAYS_2026_27.map((holiday) => ({ ...holiday, locationId: null })));
    const cards = await tx
      .insert(giftCards)
      .values(GIFT_CARDS.map((card) => ({ ...card, balanceCents: card.initialCents })))
      .onConflictDoNothing()
      .returning();
    // Every balance has its ledger (D56).
    if (cards.length > 0)
      await tx.insert(giftCardLedger).values(
        cards.map((card) => ({
          giftCardId: card.id,
          kind: "issue" as const,
          amountCents: card.initialCents,
        })),
      );
    const staffCreated = await upsertStaffUser(tx, staffEmail, passwordHash);
    const admin = options.adminEmail
      ? await ensureFirstAdmin(tx, { email: options.adminEmail, password: options.adminPassword })
      : null;

    return { staffEmail, staffPassword: staffCreated ? password : "", created: true, admin };
  });
}

/** Rows per table of the demo catalogue, for the CLI summary and tests. */
export async function countCatalogue(db: DbOrTx) {
  const tables = {
    categories,
    instructors,
    productPages,
    scheduleSlots,
    academySeasons,
    academyWeeks,
    purchaseOptions,
    contentPages,
    promocodes,
    giftCards,
  } as const;
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? 0;
  }
  return counts as Record<keyof typeof tables, number>;
}

/** The school's two houses (D151); a database that already has houses (migrated, D151) keeps its own. */
async function insertHouses(tx: DbOrTx): Promise<Map<string, number>> {
  const existing = await tx.select({ id: locations.id, street: locations.street }).from(locations);
  const rows =
    existing.length > 0
      ? existing
      : await tx
          .insert(locations)
          .values(HOUSES.map(({ key: _key, ...house }) => house))
          .returning({ id: locations.id, street: locations.street });
  const ids = new Map<string, number>();
  for (const house of HOUSES) {
    const row = rows.find((r) => r.street === house.street);
    if (row) ids.set(house.key, row.id);
  }
  return ids;
}

async function insertCategories(tx: DbOrTx): Promise<Map<string, number>> {
  const rows = await tx
    .insert(categories)
    .values(CATEGORIES.map((category, index) => ({ ...category, sortOrder: index * 10 })))
    .returning({ id: categories.id, slug: categories.slug });
  return new Map(rows.map((row) => [row.slug, row.id]));
}

async function insertInstructors(tx: DbOrTx): Promise<Map<string, number>> {
  const rows = await tx
    .insert(instructors)
    .values(
      INSTRUCTORS.map((instructor, index) => ({
        ...instructor,
        photo: instructorPhotoOf(instructor.slug),
        sortOrder: index * 10,
      })),
    )
    .returning({ id: instructors.id, slug: instructors.slug });
  return new Map(rows.map((row) => [row.slug, row.id]));
}

async function insertSeasons(tx: DbOrTx): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const season of SEASONS) {
    const [row] = await tx
      .insert(academySeasons)
      .values({ name: season.name, startsOn: season.startsOn, endsOn: season.endsOn })
      .returning({ id: academySeasons.id });
    if (row) ids.set(season.key, row.id);
  }
  return ids;
}

type Ids = {
  categoryIds: Map<string, number>;
  instructorIds: Map<string, number>;
  seasonIds: Map<string, number>;
  houseIds: Map<string, number>;
};

const lookup = (ids: Map<string, number>, key: string, what: string, page: string): number => {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Seed data: unknown ${what} "${key}" on product page "${page}"`);
  return id;
};

const withSeconds = (time: string): string => (time.length === 5 ? `${time}:00` : time);

async function insertProducts(tx: DbOrTx, ids: Ids): Promise<void> {
  const pages = await tx
    .insert(productPages)
    .values(
      PRODUCTS.map((product, index) => ({
        slug: product.slug,
        productType: product.productType,
        name: product.name,
        summary: product.summary,
        body: product.body,
        program: product.program,
        seoText: product.seoText,
        length: product.length,
        qna: product.qna,
        studentWorks: (product.studentWorks ?? []).map(studentWorkImage),
        titleImage: titleImageOf(product),
        backgroundImage: null,
        ageGroup: product.ageGroup,
        language: product.language,
        categoryId: lookup(ids.categoryIds, product.category, "category", product.slug),
        location: product.location,
        locationId: ids.houseIds.get(houseOf(product.location) ?? "") ?? null,
        isFeatured: product.isFeatured ?? false,
        refundDaysBefore: product.refundDaysBefore ?? null,
        // What a child brings (issue 35, D365): shown in the absence form and the day-before reminder.
        whatToBring: {
          de: "Bequeme Kleidung, die schmutzig werden darf, und eine Flasche Wasser.",
          ru: "Удобную одежду, которую не жалко испачкать, и бутылку воды.",
        },
        sortOrder: index * 10,
      })),
    )
    .returning({ id: productPages.id, slug: productPages.slug });
  const pageIds = new Map(pages.map((page) => [page.slug, page.id]));

  const links: (typeof productPageInstructors.$inferInsert)[] = [];
  const slots: (typeof scheduleSlots.$inferInsert)[] = [];
  const weeks: (typeof academyWeeks.$inferInsert)[] = [];
  const options: (typeof purchaseOptions.$inferInsert)[] = [];

  for (const product of PRODUCTS) {
    const productPageId = lookup(pageIds, product.slug, "page", product.slug);
    const instructorId = (slug: string) => lookup(ids.instructorIds, slug, "instructor", product.slug);
    for (const slug of product.instructors) links.push({ productPageId, instructorId: instructorId(slug) });
    for (const slot of product.weeklySlots ?? []) {
      slots.push({
        productPageId,
        weekday: slot.weekday,
        start: withSeconds(slot.start),
        end: withSeconds(slot.end),
        seats: slot.seats,
        instructorId: instructorId(slot.instructor),
      });
    }
    for (const slot of product.datedSlots ?? []) {
      slots.push({
        productPageId,
        date: slot.date,
        start: withSeconds(slot.start),
        end: withSeconds(slot.end),
        seats: slot.seats,
        instructorId: instructorId(slot.instructor),
      });
    }
    for (const block of product.academyWeeks ?? []) {
      const season = SEASONS.find((candidate) => candidate.key === block.season);
      const seasonId = lookup(ids.seasonIds, block.season, "season", product.slug);
      for (const start of block.weekStarts) {
        const week = season?.weeks.find((candidate) => candidate.startsOn === start);
        if (!week)
          throw new Error(`Seed data: no week starting ${start} in ${block.season} (${product.slug})`);
        weeks.push({
          seasonId,
          productPageId,
          startsOn: week.startsOn,
          endsOn: week.endsOn,
          seats: block.seats,
        });
      }
    }
    product.purchaseOptions.forEach((option, index) => {
      options.push({
        productPageId,
        scheduleType: option.scheduleType,
        name: option.name,
        basePriceCents: option.basePriceCents,
        numberOfMeetings: option.numberOfMeetings ?? null,
        meetingsPerWeek: option.meetingsPerWeek ?? null,
        maxChildren: option.maxChildren ?? null,
        isRecurring: option.isRecurring ?? false,
        sortOrder: index * 10,
      });
    });
  }

  if (links.length) await tx.insert(productPageInstructors).values(links);
  if (slots.length) await tx.insert(scheduleSlots).values(slots);
  if (weeks.length) await tx.insert(academyWeeks).values(weeks);
  if (options.length) await tx.insert(purchaseOptions).values(options);
}

/**
 * Creates the staff user, or promotes an existing customer with that e-mail to staff without touching
 * the password. Returns whether the user was created (and so whether the password applies).
 */
async function upsertStaffUser(tx: DbOrTx, email: string, passwordHash: string): Promise<boolean> {
  const [existing] = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(emailEquals(email));
  if (existing) {
    if (existing.role === "customer")
      await tx.update(users).set({ role: "staff" }).where(eq(users.id, existing.id));
    return false;
  }
  await tx.insert(users).values({
    email,
    passwordHash,
    firstName: STAFF_USER.firstName,
    lastName: STAFF_USER.lastName,
    role: "staff",
    emailVerifiedAt: new Date(),
    locale: "de",
  });
  return true;
}
