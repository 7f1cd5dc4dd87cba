import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { verify } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureFirstAdmin } from "../accounts/index.ts";
import { type Database, openDatabase } from "../db/client.ts";
import {
  academySeasons,
  academyWeeks,
  categories,
  contentPages,
  giftCards,
  instructors,
  productPageInstructors,
  productPages,
  productType,
  promocodes,
  purchaseOptions,
  scheduleSlots,
  scheduleType,
  users,
} from "../db/schema/index.ts";
import { DEMO_NOTE_DE, DEMO_NOTE_RU } from "./data/content/school.ts";
import { countCatalogue, type SeedResult, seedDemoCatalogue } from "./seed.ts";

const WEB_PUBLIC = fileURLToPath(new URL("../../../web/public/", import.meta.url));
const STAFF_EMAIL = "staff@atelier-test.example";
const ADMIN_EMAIL = "leitung@atelier-test.example";
const CONTENT_KEYS = [
  "home",
  "about-us",
  "prices",
  "contacts",
  "legal",
  "privacy",
  "terms",
  "school-offers",
  "special-offers",
];

/** Proper names that read the same in both languages. */
const SAME_IN_BOTH = new Set(["English Club"]);

/** Every `{de, ru}` object inside a value, with its path, for the both-languages check. */
function localizedTexts(value: unknown, path: string): { path: string; de: unknown; ru: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => localizedTexts(item, `${path}[${index}]`));
  if (value === null || typeof value !== "object" || value instanceof Date) return [];
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  if (keys.length === 2 && keys[0] === "de" && keys[1] === "ru")
    return [{ path, de: record.de, ru: record.ru }];
  return Object.entries(record).flatMap(([key, item]) => localizedTexts(item, `${path}.${key}`));
}

describe("seedDemoCatalogue", () => {
  let database: Database;
  let first: SeedResult;

  beforeAll(async () => {
    database = await openDatabase({ inMemory: true });
    await database.migrate();
    first = await seedDemoCatalogue(database.db, { staffEmail: STAFF_EMAIL, adminEmail: ADMIN_EMAIL });
  });

  afterAll(async () => {
    await database?.close();
  });

  it("creates the catalogue on an empty database", () => {
    expect(first.created).toBe(true);
    expect(first.staffEmail).toBe(STAFF_EMAIL);
    expect(first.staffPassword.length).toBeGreaterThanOrEqual(16);
  });

  it("creates at least 30 product pages of all eight product types", async () => {
    const pages = await database.db.select().from(productPages);
    expect(pages.length).toBeGreaterThanOrEqual(30);
    expect(new Set(pages.map((page) => page.productType))).toEqual(new Set(productType.enumValues));
    const perType = (type: string) => pages.filter((page) => page.productType === type).length;
    expect(perType("Course")).toBeGreaterThanOrEqual(8);
    expect(perType("Academy")).toBeGreaterThanOrEqual(3);
    expect(perType("Workshop")).toBeGreaterThanOrEqual(5);
    expect(perType("Event")).toBeGreaterThanOrEqual(4);
    expect(perType("BirthdayParty")).toBeGreaterThanOrEqual(2);
    expect(perType("GiftCard")).toBeGreaterThanOrEqual(2);
    expect(perType("SchoolOffer")).toBeGreaterThanOrEqual(3);
    expect(perType("SpecialOffer")).toBeGreaterThanOrEqual(3);
    expect(pages.some((page) => page.isFeatured)).toBe(true);
    for (const page of pages) {
      expect(page.categoryId, page.slug).not.toBeNull();
      expect(page.location, page.slug).not.toBe("");
      expect(page.qna.length, page.slug).toBeGreaterThanOrEqual(2);
      expect(page.qna.length, page.slug).toBeLessThanOrEqual(4);
      expect(page.titleImage, page.slug).not.toBeNull();
    }
  });

  it("links every page to one or two instructors", async () => {
    const pages = await database.db
      .select({ id: productPages.id, slug: productPages.slug })
      .from(productPages);
    const links = await database.db.select().from(productPageInstructors);
    for (const page of pages) {
      const n = links.filter((link) => link.productPageId === page.id).length;
      expect(n, page.slug).toBeGreaterThanOrEqual(1);
      expect(n, page.slug).toBeLessThanOrEqual(2);
    }
  });

  it("offers every schedule type among the purchase options, with sensible prices", async () => {
    const options = await database.db.select().from(purchaseOptions);
    expect(new Set(options.map((option) => option.scheduleType))).toEqual(new Set(scheduleType.enumValues));
    for (const option of options) {
      expect(option.basePriceCents).toBeGreaterThan(0);
      expect(Number.isInteger(option.basePriceCents)).toBe(true);
      const subscription = option.scheduleType.startsWith("Course (");
      expect(option.isRecurring).toBe(subscription);
      if (subscription) expect(option.meetingsPerWeek).toBe(Number(option.scheduleType.charAt(8)));
      if (option.scheduleType === "TERMINKARTEN") expect(option.numberOfMeetings).toBe(10);
    }
  });

  it("gives courses weekly slots and workshops and events dated slots in 2027", async () => {
    const pages = await database.db.select().from(productPages);
    const slots = await database.db.select().from(scheduleSlots);
    for (const page of pages) {
      const own = slots.filter((slot) => slot.productPageId === page.id);
      if (page.productType === "Course") {
        expect(own.length, page.slug).toBeGreaterThanOrEqual(1);
        expect(own.length, page.slug).toBeLessThanOrEqual(3);
        for (const slot of own) {
          expect(slot.weekday).toBeGreaterThanOrEqual(0);
          expect(slot.weekday).toBeLessThanOrEqual(6);
          expect(slot.date).toBeNull();
          expect(slot.start < slot.end).toBe(true);
          expect(slot.instructorId).not.toBeNull();
        }
      }
      if (page.productType === "Workshop" || page.productType === "Event") {
        expect(own.length, page.slug).toBeGreaterThanOrEqual(1);
        for (const slot of own) {
          expect(slot.date?.startsWith("2027-"), page.slug).toBe(true);
          expect(slot.weekday).toBeNull();
          expect(slot.start < slot.end).toBe(true);
        }
      }
    }
  });

  it("creates two academy seasons with weeks for every academy", async () => {
    const seasons = await database.db.select().from(academySeasons);
    expect(seasons).toHaveLength(2);
    const weeks = await database.db.select().from(academyWeeks);
    const academies = await database.db
      .select({ id: productPages.id, slug: productPages.slug })
      .from(productPages)
      .where(eq(productPages.productType, "Academy"));
    for (const academy of academies) {
      const own = weeks.filter((week) => week.productPageId === academy.id);
      expect(new Set(own.map((week) => week.seasonId)).size, academy.slug).toBe(2);
      for (const week of own) {
        expect(week.startsOn <= week.endsOn).toBe(true);
        expect(week.seats).toBeGreaterThanOrEqual(12);
        expect(week.seats).toBeLessThanOrEqual(16);
      }
    }
  });

  it("creates at least eight categories and instructors", async () => {
    expect((await database.db.select().from(categories)).length).toBeGreaterThanOrEqual(8);
    expect((await database.db.select().from(instructors)).length).toBeGreaterThanOrEqual(8);
  });

  it("creates all content pages with texts in German and Russian", async () => {
    const pages = await database.db.select().from(contentPages);
    expect(pages.map((page) => page.key).sort()).toEqual([...CONTENT_KEYS].sort());
    for (const page of pages) {
      for (const locale of ["de", "ru"] as const) {
        expect(page.title[locale].trim(), `${page.key}.title.${locale}`).not.toBe("");
        expect(page.body[locale].trim(), `${page.key}.body.${locale}`).not.toBe("");
        expect(page.description[locale].length, `${page.key}.description.${locale}`).toBeLessThanOrEqual(160);
        expect(page.description[locale].trim(), `${page.key}.description.${locale}`).not.toBe("");
      }
    }
  });

  it("fills every localized field in both languages", async () => {
    const tables = { categories, instructors, productPages, purchaseOptions, academySeasons, contentPages };
    let checked = 0;
    for (const [name, table] of Object.entries(tables)) {
      const rows = await database.db.select().from(table);
      for (const [index, row] of rows.entries()) {
        for (const text of localizedTexts(row, `${name}[${index}]`)) {
          checked++;
          for (const locale of ["de", "ru"] as const) {
            const value = text[locale];
            expect(typeof value === "string" && value.trim() !== "", `${text.path}.${locale}`).toBe(true);
          }
          if (!SAME_IN_BOTH.has(String(text.de)))
            expect(text.ru, `${text.path} is translated`).not.toBe(text.de);
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it("refers only to images that exist under web/public", async () => {
    const pages = await database.db.select().from(productPages);
    const sources = pages.flatMap((page) => [
      page.titleImage?.src,
      page.backgroundImage?.src,
      ...page.studentWorks.map((work) => work.src),
    ]);
    sources.push(...(await database.db.select().from(instructors)).map((instructor) => instructor.photo));
    const present = sources.filter((src): src is string => Boolean(src));
    expect(present.length).toBeGreaterThan(40);
    for (const src of present) {
      expect(src.startsWith("/images/"), src).toBe(true);
      expect(existsSync(join(WEB_PUBLIC, src)), src).toBe(true);
    }
  });

  it("creates the demo promocode and gift card", async () => {
    const [promo] = await database.db.select().from(promocodes).where(eq(promocodes.code, "WELCOME10"));
    expect(promo).toMatchObject({ percentOff: 10, maxUses: 1000 });
    expect(promo?.validUntil?.getUTCFullYear()).toBe(2027);
    const [card] = await database.db.select().from(giftCards).where(eq(giftCards.code, "DEMO-GIFT-2027"));
    expect(card).toMatchObject({ initialCents: 5000, balanceCents: 5000 });
  });

  it("creates a verified staff user whose password verifies", async () => {
    const [staff] = await database.db.select().from(users).where(eq(users.email, STAFF_EMAIL));
    expect(staff?.role).toBe("staff");
    expect(staff?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(staff?.firstName).not.toBe("");
    expect(staff?.lastName).not.toBe("");
    expect(staff?.passwordHash?.startsWith("$argon2id$")).toBe(true);
    expect(await verify(staff?.passwordHash ?? "", first.staffPassword)).toBe(true);
    expect(await verify(staff?.passwordHash ?? "", "wrong-password")).toBe(false);
  });

  it("creates the school's first admin beside the staff user, with a password that verifies (D240)", async () => {
    expect(first.admin?.email).toBe(ADMIN_EMAIL);
    const [admin] = await database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    expect(admin?.role).toBe("admin");
    expect(admin?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verify(admin?.passwordHash ?? "", first.admin?.password ?? "")).toBe(true);
    // A later start finds the admin and makes no second one, whatever ADMIN_EMAIL says then.
    expect(
      await database.db.transaction((tx) => ensureFirstAdmin(tx, { email: "other@atelier-test.example" })),
    ).toBeNull();
    expect((await database.db.select().from(users).where(eq(users.role, "admin"))).length).toBe(1);
  });

  it("does nothing when run a second time", async () => {
    const before = await countCatalogue(database.db);
    const second = await seedDemoCatalogue(database.db, {
      staffEmail: STAFF_EMAIL,
      staffPassword: "Other-Pass-123",
    });
    expect(second).toEqual({ staffEmail: STAFF_EMAIL, staffPassword: "", created: false, admin: null });
    expect(await countCatalogue(database.db)).toEqual(before);
    expect(await database.db.select().from(users)).toHaveLength(2);
  });

  it("marks its clip-art student works and legal notices as demo content that no code depends on", async () => {
    const pages = await database.db.select({ works: productPages.studentWorks }).from(productPages);
    const works = pages.flatMap((page) => page.works);
    expect(works.length).toBeGreaterThan(0);
    expect(works.every((work) => work.demo === true)).toBe(true);
    for (const key of ["legal", "privacy", "terms"]) {
      const [page] = await database.db.select().from(contentPages).where(eq(contentPages.key, key));
      expect(page?.body.de.startsWith(DEMO_NOTE_DE), key).toBe(true);
      expect(page?.body.ru.startsWith(DEMO_NOTE_RU), key).toBe(true);
    }
    // Real content replaces them without a code change: only the seed names the works or the notices.
    const sources = [
      ...sourceFiles(fileURLToPath(new URL("../../../web/src/", import.meta.url))),
      ...sourceFiles(fileURLToPath(new URL("../", import.meta.url))).filter(
        (file) => !file.includes("/seed/"),
      ),
    ];
    for (const file of sources) {
      const text = readFileSync(file, "utf8");
      expect(text.includes("images/catalogue/works") || text.includes("DEMO_NOTE"), file).toBe(false);
    }
  });
});

/** The .ts and .tsx files under a folder, tests excluded. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => join(folder, name));
}
