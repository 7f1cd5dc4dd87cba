import {
  type AdminListQuery,
  type AdminPurchaseOption,
  type AdminPurchaseOptionInput,
  type AdminPurchaseOptionUpdate,
  type AdminSeason,
  type AdminSeasonInput,
  type AdminSeasonUpdate,
  type AdminWeek,
  type AdminWeekInput,
  type AdminWeekUpdate,
  berlinDateTimeText,
  optionMismatch,
  type ScheduleType,
} from "@atelier/contract";
import {
  deleteOption,
  deleteSeason,
  deleteWeek,
  findOptionForEdit,
  findPageForEdit,
  findSeasonForEdit,
  findSeasonShared,
  findWeekForEdit,
  insertOption,
  insertSeason,
  insertWeek,
  listOptionsForStaff,
  listSeasonsForStaff,
  listWeeksForStaff,
  OPTION_SORTS,
  type OptionRow,
  optionWaitingEntries,
  pageType,
  SEASON_SORTS,
  type SeasonRow,
  updateOption,
  updateSeason,
  updateWeek,
  WEEK_SORTS,
  type WeekRow,
  weekBookings,
} from "../catalogue/index.ts";
import type { Db, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { countPartyRequestsOfOption } from "../visit-requests/index.ts";
import { auditTrail } from "./audit.repository.ts";
import { foundOr404 } from "./crud-service.ts";
import { filterValue, listCut } from "./list-query.ts";
import { versionOf } from "./version.ts";

/** A record `find` returns locked, at the version staff read it with; 404 or 409 otherwise. */
async function locked<R, A extends { version: string }>(
  find: () => Promise<R | undefined>,
  toAdmin: (row: R) => A,
  version?: string,
): Promise<A> {
  const row = foundOr404(await find());
  const before = toAdmin(row);
  if (version !== undefined && before.version !== version) throw new AppError("stale_version", 409);
  return before;
}

// ---------- Purchase options and prices (D118) ----------

/** Only a birthday package is asked for with a number of children: a limit elsewhere would check nothing. */
function refuseChildrenLimitOffParty(scheduleType: ScheduleType, maxChildren: number | null | undefined) {
  if (maxChildren != null && scheduleType !== "BirthdayPackage")
    throw AppError.validation("max_children", "children_limit_party_only");
}

/** The version covers the option's own values, not how often it was booked (a booking is no edit). */
function toOption(row: OptionRow): AdminPurchaseOption {
  const values = {
    id: row.id,
    product_page: row.productPageId,
    schedule_type: row.scheduleType,
    is_recurring: row.isRecurring,
    name: row.name,
    base_price_cents: row.basePriceCents,
    number_of_meetings: row.numberOfMeetings,
    meetings_per_week: row.meetingsPerWeek,
    max_children: row.maxChildren,
    sort_order: row.sortOrder,
  };
  return { ...values, bookings: row.bookings, version: versionOf(values) };
}

const optionAudit = auditTrail(
  "purchase-options",
  ({ version: _v, bookings: _b, ...values }: AdminPurchaseOption) => values,
);

/**
 * Purchase options and their prices. A new price is what the catalogue shows and what an item added to a
 * cart from then on snapshots (`order_items.calculated_price_cents`, `recurrent_price_cents`); items
 * already in carts and orders, and running subscriptions, keep the price they were added at (D118).
 */
export function createPurchaseOptionsAdmin(db: Db) {
  const reread = async (tx: Tx, id: number) => toOption((await findOptionForEdit(tx, id)) as OptionRow);
  return {
    async list(query: AdminListQuery) {
      const cut = listCut(query, OPTION_SORTS, "sort_order");
      const filter = query.filter ?? {};
      const page = await listOptionsForStaff(
        db,
        { productPageId: filterValue.id(filter, "product_page"), ids: filterValue.ids(filter, "id") },
        cut,
      );
      return { cut, page: { rows: page.rows.map(toOption), total: page.total } };
    },

    async get(id: number): Promise<AdminPurchaseOption> {
      const row = foundOr404(await findOptionForEdit(db, id));
      return toOption(row);
    },

    async create(staff: AuthUser, input: AdminPurchaseOptionInput): Promise<AdminPurchaseOption> {
      return db.transaction(async (tx) => {
        const page = await findPageForEdit(tx, input.product_page);
        if (!page) throw AppError.validation("product_page", "invalid_choice");
        // The kind of option must be one the offer's kind sells (D587): a subscription on a workshop's page
        // went live in the shop, and no family could book it.
        const mismatch = optionMismatch(page.productType, {
          scheduleType: input.schedule_type,
          isRecurring: input.is_recurring,
        });
        if (mismatch)
          throw AppError.validation(
            mismatch === "recurring_not_for_type" ? "is_recurring" : "schedule_type",
            mismatch,
          );
        refuseChildrenLimitOffParty(input.schedule_type, input.max_children);
        const id = await insertOption(tx, {
          productPageId: input.product_page,
          scheduleType: input.schedule_type,
          isRecurring: input.is_recurring,
          name: input.name,
          basePriceCents: input.base_price_cents,
          numberOfMeetings: input.number_of_meetings,
          meetingsPerWeek: input.meetings_per_week,
          maxChildren: input.max_children ?? null,
          sortOrder: input.sort_order,
        });
        const after = await reread(tx, id);
        await optionAudit(tx, staff, id, "create", null, after);
        return after;
      });
    },

    async update(
      staff: AuthUser,
      id: number,
      input: AdminPurchaseOptionUpdate,
    ): Promise<AdminPurchaseOption> {
      return db.transaction(async (tx) => {
        const before = await locked(() => findOptionForEdit(tx, id, true), toOption, input.version);
        refuseChildrenLimitOffParty(before.schedule_type, input.max_children);
        await updateOption(tx, id, {
          name: input.name,
          basePriceCents: input.base_price_cents,
          numberOfMeetings: input.number_of_meetings,
          meetingsPerWeek: input.meetings_per_week,
          // Absent (a client that does not know the field): the limit stays as it is.
          ...(input.max_children === undefined ? {} : { maxChildren: input.max_children }),
          sortOrder: input.sort_order,
        });
        const after = await reread(tx, id);
        await optionAudit(tx, staff, id, "update", before, after);
        return after;
      });
    },

    /**
     * Deletes an option nobody ever put in a cart or a waiting list or asked for a party with. One that was
     * is what those bookings bought (their key points at it): refused with a 400 that says how often it was
     * booked (D118, D522: an open party request would otherwise be confirmed against nothing).
     */
    async remove(staff: AuthUser, id: number): Promise<AdminPurchaseOption> {
      return db.transaction(async (tx) => {
        const before = await locked(() => findOptionForEdit(tx, id, true), toOption);
        const uses =
          before.bookings + (await optionWaitingEntries(tx, id)) + (await countPartyRequestsOfOption(tx, id));
        if (uses > 0) throw new AppError("option_booked", 400, undefined, undefined, { count: uses });
        await deleteOption(tx, id);
        await optionAudit(tx, staff, id, "delete", before, null);
        return before;
      });
    },
  };
}

// ---------- Academy seasons (D119) ----------

function toSeason(row: SeasonRow): AdminSeason {
  const values = { id: row.id, name: row.name, starts_on: row.startsOn, ends_on: row.endsOn };
  return {
    ...values,
    label: `${row.name.de} (${row.startsOn} – ${row.endsOn})`,
    weeks: row.weeks,
    version: versionOf(values),
  };
}

const seasonAudit = auditTrail(
  "academy-seasons",
  ({ version: _v, weeks: _w, label: _l, ...values }: AdminSeason) => values,
);

export function createSeasonsAdmin(db: Db) {
  const reread = async (tx: Tx, id: number) => toSeason((await findSeasonForEdit(tx, id)) as SeasonRow);
  return {
    async list(query: AdminListQuery) {
      const cut = listCut(query, SEASON_SORTS, "starts_on");
      const page = await listSeasonsForStaff(db, { ids: filterValue.ids(query.filter ?? {}, "id") }, cut);
      return { cut, page: { rows: page.rows.map(toSeason), total: page.total } };
    },

    async get(id: number): Promise<AdminSeason> {
      const row = foundOr404(await findSeasonForEdit(db, id));
      return toSeason(row);
    },

    async create(staff: AuthUser, input: AdminSeasonInput): Promise<AdminSeason> {
      return db.transaction(async (tx) => {
        const id = await insertSeason(tx, {
          name: input.name,
          startsOn: input.starts_on,
          endsOn: input.ends_on,
        });
        const after = await reread(tx, id);
        await seasonAudit(tx, staff, id, "create", null, after);
        return after;
      });
    },

    /** New dates must still hold every week of the season: a 400 at the dates that names their span. */
    async update(staff: AuthUser, id: number, input: AdminSeasonUpdate): Promise<AdminSeason> {
      return db.transaction(async (tx) => {
        const row = await findSeasonForEdit(tx, id, true);
        const before = await locked(async () => row, toSeason, input.version);
        if (row?.firstWeek && row.lastWeek) {
          // Days as staff read them; German and Russian both write 13.10.2031.
          const span = {
            starts_on: berlinDateTimeText(row.firstWeek, "de"),
            ends_on: berlinDateTimeText(row.lastWeek, "de"),
          };
          const fields: Record<string, ["season_cuts_weeks"]> = {};
          if (input.starts_on > row.firstWeek) fields.starts_on = ["season_cuts_weeks"];
          if (input.ends_on < row.lastWeek) fields.ends_on = ["season_cuts_weeks"];
          const first = Object.keys(fields)[0];
          if (first) throw new AppError("season_cuts_weeks", 400, first, fields, span);
        }
        await updateSeason(tx, id, { name: input.name, startsOn: input.starts_on, endsOn: input.ends_on });
        const after = await reread(tx, id);
        await seasonAudit(tx, staff, id, "update", before, after);
        return after;
      });
    },

    /** Deletes an empty season; one with weeks is refused (deleting it would take its weeks with it). */
    async remove(staff: AuthUser, id: number): Promise<AdminSeason> {
      return db.transaction(async (tx) => {
        const before = await locked(() => findSeasonForEdit(tx, id, true), toSeason);
        if (before.weeks > 0)
          throw new AppError("season_has_weeks", 400, undefined, undefined, { count: before.weeks });
        await deleteSeason(tx, id);
        await seasonAudit(tx, staff, id, "delete", before, null);
        return before;
      });
    },
  };
}

// ---------- Academy weeks (D119) ----------

/** The version covers the week's own values, not its seats taken: a booking does not make an edit stale. */
function toWeek(row: WeekRow): AdminWeek {
  const values = {
    id: row.id,
    product_page: row.productPageId,
    season: row.seasonId,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    seats: row.seats,
  };
  return { ...values, seats_taken: row.seatsTaken, version: versionOf(values) };
}

const weekAudit = auditTrail(
  "academy-weeks",
  ({ version: _v, seats_taken: _t, ...values }: AdminWeek) => values,
);

export function createWeeksAdmin(db: Db) {
  const reread = async (tx: Tx, id: number) => toWeek((await findWeekForEdit(tx, id)) as WeekRow);

  /** The week lies within its season, whose row is shared until the commit (its dates cannot move). */
  async function checkSeason(tx: Tx, input: { season: number; starts_on: string; ends_on: string }) {
    const season = await findSeasonShared(tx, input.season);
    if (!season) throw AppError.validation("season", "invalid_choice");
    if (input.starts_on < season.startsOn || input.ends_on > season.endsOn)
      throw new AppError(
        "week_outside_season",
        400,
        input.starts_on < season.startsOn ? "starts_on" : "ends_on",
        undefined,
        // Days as staff read them, like the season's own span (season_cuts_weeks).
        {
          starts_on: berlinDateTimeText(season.startsOn, "de"),
          ends_on: berlinDateTimeText(season.endsOn, "de"),
        },
      );
  }

  return {
    async list(query: AdminListQuery) {
      const cut = listCut(query, WEEK_SORTS, "starts_on");
      const filter = query.filter ?? {};
      const page = await listWeeksForStaff(
        db,
        {
          productPageId: filterValue.id(filter, "product_page"),
          seasonId: filterValue.id(filter, "season"),
          ids: filterValue.ids(filter, "id"),
          offered: filterValue.boolean(filter, "offered"),
        },
        cut,
      );
      return { cut, page: { rows: page.rows.map(toWeek), total: page.total } };
    },

    async get(id: number): Promise<AdminWeek> {
      const row = foundOr404(await findWeekForEdit(db, id));
      return toWeek(row);
    },

    async create(staff: AuthUser, input: AdminWeekInput): Promise<AdminWeek> {
      return db.transaction(async (tx) => {
        const type = await pageType(tx, input.product_page);
        if (type === undefined) throw AppError.validation("product_page", "invalid_choice");
        if (type !== "Academy") throw AppError.validation("product_page", "not_an_academy");
        await checkSeason(tx, input);
        const id = await insertWeek(tx, {
          productPageId: input.product_page,
          seasonId: input.season,
          startsOn: input.starts_on,
          endsOn: input.ends_on,
          seats: input.seats,
        });
        const after = await reread(tx, id);
        await weekAudit(tx, staff, id, "create", null, after);
        return after;
      });
    },

    /**
     * Changes a week. Its row is locked before the seats taken are counted (checkout takes the same row
     * before it counts and reserves), so the seats never fall below what is sold: a 400 at `seats` that says
     * how many are taken, as for slots (D100).
     */
    async update(staff: AuthUser, id: number, input: AdminWeekUpdate): Promise<AdminWeek> {
      return db.transaction(async (tx) => {
        const row = await findWeekForEdit(tx, id, true);
        const before = await locked(async () => row, toWeek, input.version);
        if (input.seats < before.seats_taken)
          throw new AppError("seats_below_taken", 400, "seats", undefined, { taken: before.seats_taken });
        await checkSeason(tx, input);
        await updateWeek(tx, id, {
          seasonId: input.season,
          startsOn: input.starts_on,
          endsOn: input.ends_on,
          seats: input.seats,
        });
        const after = await reread(tx, id);
        await weekAudit(tx, staff, id, "update", before, after);
        return after;
      });
    },

    /** Deletes a week nobody booked or waits for; one that was is its bookings' history: refused. */
    async remove(staff: AuthUser, id: number): Promise<AdminWeek> {
      return db.transaction(async (tx) => {
        const before = await locked(() => findWeekForEdit(tx, id, true), toWeek);
        const uses = await weekBookings(tx, id);
        if (uses > 0) throw new AppError("week_booked", 400, undefined, undefined, { count: uses });
        await deleteWeek(tx, id);
        await weekAudit(tx, staff, id, "delete", before, null);
        return before;
      });
    },
  };
}
