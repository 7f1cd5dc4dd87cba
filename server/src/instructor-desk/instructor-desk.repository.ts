import type { Locale } from "@atelier/contract";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import {
  type DbOrTx,
  idIn,
  instructorReports,
  instructors,
  productPages,
  scheduleSlots,
  type Tx,
  users,
} from "../db/index.ts";

/** The instructor record an `instructor` account teaches as, with its name in `locale` (D380). */
export async function findInstructorOfUser(db: DbOrTx, userId: number, locale: Locale) {
  const [row] = await db
    .select({ user: users, instructor: instructors })
    .from(users)
    .innerJoin(instructors, eq(instructors.id, users.instructorId))
    .where(and(eq(users.id, userId), eq(users.role, "instructor")));
  if (!row) return undefined;
  const { instructor } = row;
  const first = locale === "ru" ? (instructor.firstNameRu ?? instructor.firstName) : instructor.firstName;
  const last = locale === "ru" ? (instructor.lastNameRu ?? instructor.lastName) : instructor.lastName;
  return { user: row.user, instructorId: instructor.id, name: `${first} ${last}`.trim() };
}

/** The slots an instructor teaches (archived ones too: their booked children still come, D111). */
export async function findSlotsOfInstructor(db: DbOrTx, instructorId: number) {
  return db
    .select({ id: scheduleSlots.id, productPageId: scheduleSlots.productPageId })
    .from(scheduleSlots)
    .where(eq(scheduleSlots.instructorId, instructorId));
}

/** The instructor of one slot, or undefined when the slot does not exist. */
export async function findSlotInstructor(db: DbOrTx, slotId: number) {
  const [row] = await db
    .select({ instructorId: scheduleSlots.instructorId, productPageId: scheduleSlots.productPageId })
    .from(scheduleSlots)
    .where(eq(scheduleSlots.id, slotId));
  return row;
}

/** Records a report, or updates the reason of the same lesson's report (one per slot, date, instructor). */
export async function upsertReport(
  tx: Tx,
  values: { slotId: number; lessonDate: string; instructorId: number; userId: number; reason: string },
) {
  const [before] = await tx
    .select()
    .from(instructorReports)
    .where(
      and(
        eq(instructorReports.slotId, values.slotId),
        eq(instructorReports.lessonDate, values.lessonDate),
        eq(instructorReports.instructorId, values.instructorId),
      ),
    )
    .for("update");
  const [row] = await tx
    .insert(instructorReports)
    .values(values)
    .onConflictDoUpdate({
      target: [instructorReports.slotId, instructorReports.lessonDate, instructorReports.instructorId],
      set: { reason: values.reason, userId: values.userId, status: "open", updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error("instructor report upsert returned no row");
  return { before, row };
}

const reportColumns = {
  report: instructorReports,
  productName: productPages.name,
  start: scheduleSlots.start,
  firstName: instructors.firstName,
  lastName: instructors.lastName,
  firstNameRu: instructors.firstNameRu,
  lastNameRu: instructors.lastNameRu,
};

export type ReportRow = {
  report: typeof instructorReports.$inferSelect;
  productName: { de: string; ru: string };
  start: string;
  firstName: string;
  lastName: string;
  firstNameRu: string | null;
  lastNameRu: string | null;
};

function reportsQuery(db: DbOrTx) {
  return db
    .select(reportColumns)
    .from(instructorReports)
    .innerJoin(scheduleSlots, eq(scheduleSlots.id, instructorReports.slotId))
    .innerJoin(productPages, eq(productPages.id, scheduleSlots.productPageId))
    .innerJoin(instructors, eq(instructors.id, instructorReports.instructorId));
}

/** An instructor's own reports of lessons from `from` on. */
export async function findReportsOfInstructor(db: DbOrTx, instructorId: number, from: string) {
  return reportsQuery(db)
    .where(
      and(eq(instructorReports.instructorId, instructorId), sql`${instructorReports.lessonDate} >= ${from}`),
    )
    .orderBy(asc(instructorReports.lessonDate), asc(instructorReports.id));
}

/** The reports staff read: open ones first, then the newest. */
export async function listReportsForStaff(
  db: DbOrTx,
  filter: { status?: string; ids?: number[] },
  cut: { offset: number; limit: number },
) {
  const conditions = [];
  if (filter.status) conditions.push(eq(instructorReports.status, filter.status));
  if (filter.ids) conditions.push(filter.ids.length ? idIn(instructorReports.id, filter.ids) : sql`false`);
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await reportsQuery(db)
    .where(where)
    .orderBy(
      sql`case when ${instructorReports.status} = 'open' then 0 else 1 end`,
      desc(instructorReports.createdAt),
      desc(instructorReports.id),
    )
    .offset(cut.offset)
    .limit(cut.limit);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(instructorReports).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findReport(db: DbOrTx, id: number) {
  const [row] = await reportsQuery(db).where(eq(instructorReports.id, id));
  return row;
}

export async function lockReport(tx: Tx, id: number) {
  const [row] = await tx.select().from(instructorReports).where(eq(instructorReports.id, id)).for("update");
  return row;
}

export async function setReportStatus(tx: Tx, id: number, status: string) {
  await tx
    .update(instructorReports)
    .set({ status, updatedAt: new Date() })
    .where(eq(instructorReports.id, id));
}

/** Open reports of lessons from `from` on, for the dashboard. */
export async function countOpenReports(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(instructorReports)
    .where(eq(instructorReports.status, "open"));
  return row?.n ?? 0;
}

/** Whether an instructor reported a lesson of the slot (D516): staff archive such a slot, not delete it. */
export async function slotHasReports(db: DbOrTx, slotId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: instructorReports.id })
    .from(instructorReports)
    .where(eq(instructorReports.slotId, slotId))
    .limit(1);
  return row !== undefined;
}
