import {
  type AdminListQuery,
  type AdminSlot,
  type AdminSlotInput,
  type AdminSlotUpdate,
  type ProductType,
  slotMismatch,
} from "@atelier/contract";
import {
  archiveSlot,
  deleteSlot,
  existingInstructorIds,
  findPageForEdit,
  findSlotForEdit,
  insertSlot,
  listSlotsForStaff,
  SLOT_SORTS,
  type SlotRow,
  slotHasBookings,
  updateSlot,
} from "../catalogue/index.ts";
import type { Db, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { slotHasReports } from "../instructor-desk/index.ts";
import { slotHasLessonHistory } from "../lessons/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { auditTrail } from "./audit.repository.ts";
import { foundOr404 } from "./crud-service.ts";
import { filterValue, listCut } from "./list-query.ts";
import { versionOf } from "./version.ts";

const RESOURCE = "slots";

/** The version covers the slot's own values, not its seats taken: a booking does not make an edit stale. */
function toAdmin(row: SlotRow): AdminSlot {
  const values = {
    id: row.id,
    product_page: row.productPageId,
    weekday: row.weekday,
    date: row.date,
    start: row.start.slice(0, 5),
    end: row.end.slice(0, 5),
    seats: row.seats,
    instructor: row.instructorId,
    archived_at: row.archivedAt?.toISOString() ?? null,
  };
  return { ...values, seats_taken: row.seatsTaken, version: versionOf(values) };
}

function auditValues(slot: AdminSlot) {
  const { version: _version, seats_taken: _taken, ...values } = slot;
  return values;
}

const audit = auditTrail(RESOURCE, auditValues);

/** Seats can never go below the seats taken (D100): a 400 at `seats` that says how many are taken. */
function checkSeats(seats: number, taken: number) {
  if (seats < taken) throw new AppError("seats_below_taken", 400, "seats", undefined, { taken });
}

/**
 * A time the shop could not book is refused (D623): a course's dated session or a workshop's weekly time
 * showed on its page and could not be booked.
 */
function checkKind(productType: ProductType, slot: { weekday: number | null; date: string | null }) {
  const mismatch = slotMismatch(productType, slot);
  if (mismatch) throw AppError.validation(mismatch.field, mismatch.code);
}

export function createSlotsAdmin(db: Db) {
  async function checkInstructor(tx: Tx, instructor: number | null) {
    if (instructor !== null && (await existingInstructorIds(tx, [instructor])).length === 0)
      throw AppError.validation("instructor", "invalid_choice");
  }

  return {
    async list(query: AdminListQuery) {
      const cut = listCut(query, SLOT_SORTS, "id");
      const filter = query.filter ?? {};
      const page = await listSlotsForStaff(
        db,
        {
          productPageId: filterValue.id(filter, "product_page"),
          ids: filterValue.ids(filter, "id"),
          archived: filterValue.boolean(filter, "archived"),
          offered: filterValue.boolean(filter, "offered"),
        },
        cut,
      );
      return { cut, page: { rows: page.rows.map(toAdmin), total: page.total } };
    },

    async get(id: number): Promise<AdminSlot> {
      const row = foundOr404(await findSlotForEdit(db, id));
      return toAdmin(row);
    },

    async create(staff: AuthUser, input: AdminSlotInput): Promise<AdminSlot> {
      return db.transaction(async (tx) => {
        const page = await findPageForEdit(tx, input.product_page);
        if (!page) throw AppError.validation("product_page", "invalid_choice");
        checkKind(page.productType, input);
        await checkInstructor(tx, input.instructor);
        const id = await insertSlot(tx, {
          productPageId: input.product_page,
          weekday: input.weekday,
          date: input.date,
          start: input.start,
          end: input.end,
          seats: input.seats,
          instructorId: input.instructor,
        });
        const created = await findSlotForEdit(tx, id);
        if (!created) throw new Error("created slot not found");
        const after = toAdmin(created);
        await audit(tx, staff, id, "create", null, after);
        return after;
      });
    },

    /**
     * Changes a slot. Its row is locked before the seats taken are counted: checkout takes the same lock
     * before it counts and reserves, so a parent booking meanwhile waits for this commit (or this edit
     * waits for the booking's, and then counts it), and the seats never fall below what is sold.
     */
    async update(staff: AuthUser, id: number, input: AdminSlotUpdate): Promise<AdminSlot> {
      return db.transaction(async (tx) => {
        const current = await findSlotForEdit(tx, id, true);
        if (!current) throw AppError.notFound();
        const before = toAdmin(current);
        if (before.version !== input.version) throw new AppError("stale_version", 409);
        checkSeats(input.seats, current.seatsTaken);
        // A time stored before this rule keeps its kind while staff change its seats or hours.
        if ((input.weekday === null) !== (current.weekday === null)) {
          const page = await findPageForEdit(tx, current.productPageId);
          if (page) checkKind(page.productType, input);
        }
        await checkInstructor(tx, input.instructor);
        await updateSlot(tx, id, {
          weekday: input.weekday,
          date: input.date,
          start: input.start,
          end: input.end,
          seats: input.seats,
          instructorId: input.instructor,
        });
        const updated = await findSlotForEdit(tx, id);
        if (!updated) throw new Error("updated slot not found");
        const after = toAdmin(updated);
        await audit(tx, staff, id, "update", before, after);
        return after;
      });
    },

    /**
     * Removes a slot nobody ever booked. One with bookings is its bookings' history: it is archived
     * instead (D111), so the shop no longer offers it while the bookings, the history and check-in keep it.
     * Archiving an archived slot changes nothing and records nothing.
     */
    async remove(staff: AuthUser, id: number): Promise<AdminSlot> {
      return db.transaction(async (tx) => {
        const current = await findSlotForEdit(tx, id, true);
        if (!current) throw AppError.notFound();
        const before = toAdmin(current);
        // Its bookings, make-ups, cancelled lessons and instructors' reports are its history (D516).
        const history =
          (await slotHasBookings(tx, id)) ||
          (await slotHasLessonHistory(tx, id)) ||
          (await slotHasReports(tx, id));
        if (history) {
          if (current.archivedAt) return before;
          await archiveSlot(tx, id);
          const archived = await findSlotForEdit(tx, id);
          if (!archived) throw new Error("archived slot not found");
          const after = toAdmin(archived);
          await audit(tx, staff, id, "archive", before, after);
          return after;
        }
        await deleteSlot(tx, id);
        await audit(tx, staff, id, "delete", before, null);
        return before;
      });
    },
  };
}

export type SlotsAdmin = ReturnType<typeof createSlotsAdmin>;
