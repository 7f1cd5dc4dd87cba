import type pg from "pg";
import { Rows } from "./bulk.ts";
import { addDays, type Decade, isoDay } from "./time.ts";

export type Page = { id: number; type: string; name: { de: string; ru: string } };
export type Option = { id: number; pageId: number; scheduleType: string; priceCents: number };
export type Unit = { id: number; day: string; seats: number; start: string };
export type WeeklySlot = { id: number; weekday: number; seats: number; start: string };

/** What the generated orders book: the demo catalogue, and the dated units of the years before it. */
export type Catalogue = {
  pages: Map<number, Page>;
  /** One option per page the decade books (a course's weekly subscription, a week, a ticket, a card). */
  option: Map<number, Option>;
  weekly: Map<number, WeeklySlot[]>;
  /** Dated slots (workshops, events) and academy weeks per page, sorted by day. */
  dated: Map<number, Unit[]>;
  weeks: Map<number, Unit[]>;
  byType: Map<string, number[]>;
};

const BOOKED_TYPES = ["Course", "Academy", "Workshop", "Event", "GiftCard"];

/** Reads the catalogue the decade books from (one option per page, the cheapest of its kind). */
export async function readCatalogue(client: pg.ClientBase): Promise<Catalogue> {
  const catalogue: Catalogue = {
    pages: new Map(),
    option: new Map(),
    weekly: new Map(),
    dated: new Map(),
    weeks: new Map(),
    byType: new Map(),
  };
  const pages = await client.query(
    `select id, product_type as type, name from product_pages where product_type = any($1::product_type[]) order by id`,
    [BOOKED_TYPES],
  );
  for (const row of pages.rows) catalogue.pages.set(row.id, row);
  const options = await client.query(
    `select distinct on (product_page_id) id, product_page_id as "pageId", schedule_type as "scheduleType",
       base_price_cents as "priceCents"
     from purchase_options
     where schedule_type::text in ('Course (1 / week)', 'Academy (full day)', 'Ticket', 'GiftCard')
     order by product_page_id, base_price_cents, id`,
  );
  for (const row of options.rows) catalogue.option.set(row.pageId, row);
  await readUnits(client, catalogue);
  for (const page of catalogue.pages.values()) {
    if (!catalogue.option.has(page.id) || !bookable(catalogue, page)) continue;
    const list = catalogue.byType.get(page.type) ?? [];
    list.push(page.id);
    catalogue.byType.set(page.type, list);
  }
  return catalogue;
}

function bookable(catalogue: Catalogue, page: Page): boolean {
  if (page.type === "Course") return (catalogue.weekly.get(page.id)?.length ?? 0) > 0;
  if (page.type === "Academy") return (catalogue.weeks.get(page.id)?.length ?? 0) > 0;
  if (page.type === "GiftCard") return true;
  return (catalogue.dated.get(page.id)?.length ?? 0) > 0;
}

async function readUnits(client: pg.ClientBase, catalogue: Catalogue) {
  catalogue.weekly.clear();
  catalogue.dated.clear();
  catalogue.weeks.clear();
  const slots = await client.query(
    `select id, product_page_id as "pageId", weekday, to_char(date, 'YYYY-MM-DD') as day, seats,
       to_char(start, 'HH24:MI') as start
     from schedule_slots where archived_at is null order by date nulls first, id`,
  );
  for (const s of slots.rows) {
    if (s.weekday !== null) push(catalogue.weekly, s.pageId, s);
    else push(catalogue.dated, s.pageId, s);
  }
  const weeks = await client.query(
    `select id, product_page_id as "pageId", to_char(starts_on, 'YYYY-MM-DD') as day, seats, '09:00' as start
     from academy_weeks order by starts_on, id`,
  );
  for (const w of weeks.rows) push(catalogue.weeks, w.pageId, w);
}

function push<T>(map: Map<number, T[]>, key: number, value: T) {
  const list = map.get(key) ?? [];
  list.push(value);
  map.set(key, list);
}

/**
 * The years before the demo's own dates: every academy gets a winter week, two Easter weeks, six summer
 * weeks and two autumn weeks a year (a season per holiday), workshops a dated slot a week, events one
 * every two weeks,
 * each like the page's first unit. Written before the orders, then read back with their ids.
 */
export async function addPastUnits(client: pg.ClientBase, catalogue: Catalogue, decade: Decade) {
  await addPastWeeks(client, catalogue, decade);
  const slots = new Rows(
    "schedule_slots",
    {
      product_page_id: "int4",
      date: "date",
      start: "time",
      end: "time",
      seats: "int4",
      instructor_id: "int4",
    },
    client,
  );
  const templates = await client.query(
    `select distinct on (product_page_id) product_page_id as "pageId", start, "end", seats, instructor_id as
       "instructorId", date from schedule_slots where date is not null order by product_page_id, date`,
  );
  for (const t of templates.rows) {
    const page = catalogue.pages.get(t.pageId);
    if (!page || (page.type !== "Workshop" && page.type !== "Event")) continue;
    const step = page.type === "Workshop" ? 7 : 14;
    const first = isoDay(t.date);
    for (let day = decade.firstDay; day < first; day = addDays(day, step)) {
      await slots.add(t.pageId, day, t.start, t.end, t.seats, t.instructorId);
    }
  }
  await slots.flush();
  await readUnits(client, catalogue);
}

async function addPastWeeks(client: pg.ClientBase, _catalogue: Catalogue, decade: Decade) {
  const templates = await client.query(
    `select distinct on (product_page_id) product_page_id as "pageId", seats, starts_on
     from academy_weeks order by product_page_id, starts_on`,
  );
  const firstDemoYear = Math.min(...templates.rows.map((t) => new Date(t.starts_on).getUTCFullYear()));
  const weeks = new Rows(
    "academy_weeks",
    { season_id: "int4", product_page_id: "int4", starts_on: "date", ends_on: "date", seats: "int4" },
    client,
  );
  const holidays = [
    { de: "Winterferien", ru: "Зимние каникулы", month: 1, weeks: 1 },
    { de: "Osterferien", ru: "Пасхальные каникулы", month: 3, weeks: 2 },
    { de: "Sommerferien", ru: "Летние каникулы", month: 6, weeks: 6 },
    { de: "Herbstferien", ru: "Осенние каникулы", month: 9, weeks: 2 },
  ];
  for (let year = Number(decade.firstDay.slice(0, 4)); year < firstDemoYear; year++) {
    for (const h of holidays) {
      const monday = firstMonday(year, h.month);
      const last = addDays(monday, 7 * h.weeks - 3);
      const season = await client.query(
        "insert into academy_seasons (name, starts_on, ends_on) values ($1, $2, $3) returning id",
        [{ de: `${h.de} ${year}`, ru: `${h.ru} ${year}` }, monday, last],
      );
      for (const t of templates.rows) {
        for (let w = 0; w < h.weeks; w++) {
          const start = addDays(monday, 7 * w);
          await weeks.add(season.rows[0].id, t.pageId, start, addDays(start, 4), t.seats);
        }
      }
    }
  }
  await weeks.flush();
}

function firstMonday(year: number, month: number): string {
  const d = new Date(Date.UTC(year, month, 1));
  d.setUTCDate(1 + ((8 - d.getUTCDay()) % 7));
  return d.toISOString().slice(0, 10);
}
