import {
  type AdminConfirmDate,
  type AdminVisitMessage,
  type AdminVisitMessageInput,
  type AdminVisitRequest,
  weekdayOf,
} from "@atelier/contract";
import type { Db, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { enqueueMail } from "../mail/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import {
  findLessonsOfPageOn,
  findVisitRequestForEdit,
  insertVisitMessage,
  listVisitMessages,
  updateVisitRequestHandling,
  type VisitMessageRow,
  type VisitRequestWithPage,
} from "../visit-requests/index.ts";
import { recordAudit } from "./audit.repository.ts";
import { foundOr404 } from "./crud-service.ts";
import { auditVisit, clock, houseText, toAdminVisit } from "./requests.service.ts";

/** The lesson a confirmation names: its slot (when one was chosen), start and end (`HH:MM`). */
type Lesson = { slot: number | null; start: string; end: string | null };

function toAdminMessage(row: VisitMessageRow): AdminVisitMessage {
  return {
    id: row.id,
    author: row.authorEmail,
    to: row.to,
    subject: row.subject,
    text: row.text,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The lesson a confirmation names (D270): the chosen slot, which must be the offer's that day; else a time
 * staff typed; else the group the family chose (D329); else the offer's one lesson that day. Several lessons or none: staff must say which time.
 */
async function lessonOf(tx: Tx, row: VisitRequestWithPage, input: AdminConfirmDate): Promise<Lesson> {
  const lessons = await findLessonsOfPageOn(tx, row.productPageId, input.date, weekdayOf(input.date));
  if (input.slot != null) {
    const chosen = lessons.find((lesson) => lesson.id === input.slot);
    if (!chosen) throw AppError.validation("slot", "confirm_slot_not_that_day");
    return { slot: chosen.id, start: clock(chosen.start), end: clock(chosen.end) };
  }
  if (input.start != null) return { slot: null, start: input.start, end: null };
  // The group the family chose for its trial (D329), when it meets that day.
  const wished = lessons.find((lesson) => lesson.id === row.requestedSlotId);
  if (wished) return { slot: wished.id, start: clock(wished.start), end: clock(wished.end) };
  const [only, ...more] = lessons;
  if (!only || more.length) throw AppError.validation("slot", "confirm_time_required");
  return { slot: only.id, start: clock(only.start), end: clock(only.end) };
}

async function mailConfirmation(
  tx: Tx,
  { publicUrl, webUrl }: { publicUrl: string; webUrl: string },
  row: VisitRequestWithPage,
  date: string,
  lesson: Lesson,
) {
  const adult = row.adults[0];
  if (!adult) return;
  await enqueueMail(
    tx,
    {
      to: adult.email,
      template: "visit-request-confirmed",
      locale: row.locale,
      data: {
        kind: row.kind as "trial" | "out",
        requestId: row.id,
        firstName: adult.first_name,
        productName: row.productName[row.locale] || row.productName.de,
        date,
        start: lesson.start,
        end: lesson.end,
        house: houseText(row, row.locale),
        children: row.children.map((child) => `${child.first_name} ${child.last_name}`.trim()),
        profileUrl:
          row.userId === null ? null : `${webUrl.replace(/\/$/, "")}/profile?tab=sales&locale=${row.locale}`,
      },
    },
    { publicUrl },
  );
}

/**
 * The school's answers to a visit request (issue 29): "confirm a date" with the lesson's time and house
 * (D270), sent once however often it is clicked (D271), and messages to the family (D272).
 */
export function createVisitAnswers({
  db,
  publicUrl,
  webUrl = publicUrl,
}: {
  db: Db;
  publicUrl: string;
  /** WEB_URL: the profile's link in the confirmation (the web app, which PUBLIC_URL need not be). */
  webUrl?: string;
}) {
  async function reloadVisit(tx: Tx, id: number) {
    return toAdminVisit((await findVisitRequestForEdit(tx, id)) as VisitRequestWithPage);
  }

  return {
    /**
     * "Confirm a date" (D137, D270, D271): the day and its lesson (time and house) are set and marked
     * confirmed, the request is in progress (done stays done), the staff member becomes its handler if it had
     * none, and the first adult is mailed in the request's language, all in one transaction with the audit
     * entry. A waiting-list request has no date. Under the request's row lock, confirming what is already
     * confirmed (the same day and time: a second click, or two at once) answers the request as it is and mails
     * nobody, whatever version it was read at; a different day or time is a new confirmation.
     */
    async confirmVisitDate(staff: AuthUser, id: number, input: AdminConfirmDate): Promise<AdminVisitRequest> {
      return db.transaction(async (tx) => {
        const row = foundOr404(await findVisitRequestForEdit(tx, id, true));
        if (row.kind === "waiting") throw AppError.validation("date", "confirm_not_for_waiting");
        const lesson = await lessonOf(tx, row, input);
        if (
          row.confirmedAt !== null &&
          row.date === input.date &&
          clock(row.confirmedStart) === lesson.start &&
          clock(row.confirmedEnd) === lesson.end
        )
          return toAdminVisit(row);
        const before = toAdminVisit(row);
        if (before.version !== input.version) throw new AppError("stale_version", 409);
        await updateVisitRequestHandling(tx, id, {
          date: input.date,
          confirmedAt: new Date(),
          confirmedSlotId: lesson.slot,
          confirmedStart: lesson.start,
          confirmedEnd: lesson.end,
          status: before.status === "done" ? "done" : "in_progress",
          handlerId: before.handler ?? staff.id,
        });
        await mailConfirmation(tx, { publicUrl, webUrl }, row, input.date, lesson);
        const after = await reloadVisit(tx, id);
        await auditVisit(tx, staff, id, "update", before, after);
        return after;
      });
    },

    /** The messages staff wrote to the request's family, oldest first (D272). */
    async visitMessages(id: number): Promise<AdminVisitMessage[]> {
      if (!(await findVisitRequestForEdit(db, id))) throw AppError.notFound();
      return (await listVisitMessages(db, id)).map(toAdminMessage);
    },

    /**
     * Writes to the request's first adult (D272): the mail goes through the outbox in the request's language
     * frame, the message is kept with the request, and the audit log notes who wrote when to whom (the text
     * itself stays with the request, so erasing the family erases it). One transaction, under the row lock.
     */
    async writeToFamily(
      staff: AuthUser,
      id: number,
      input: AdminVisitMessageInput,
    ): Promise<AdminVisitMessage> {
      return db.transaction(async (tx) => {
        const row = foundOr404(await findVisitRequestForEdit(tx, id, true));
        const adult = row.adults[0];
        if (!adult?.email) throw AppError.validation("non_field_errors", "request_without_email");
        const message = await insertVisitMessage(tx, {
          visitRequestId: id,
          authorId: staff.id,
          authorEmail: staff.email,
          to: adult.email,
          subject: input.subject,
          text: input.text,
        });
        await enqueueMail(
          tx,
          {
            to: adult.email,
            template: "visit-request-message",
            locale: row.locale,
            data: {
              requestId: row.id,
              firstName: adult.first_name,
              productName: row.productName[row.locale] || row.productName.de,
              subject: input.subject,
              message: input.text,
            },
          },
          { publicUrl },
        );
        await recordAudit(tx, {
          userId: staff.id,
          userEmail: staff.email,
          resource: "visit-requests",
          recordId: id,
          action: "update",
          before: null,
          after: { message: message.id, subject: input.subject },
        });
        return toAdminMessage(message);
      });
    },
  };
}
