import {
  type AgeGroup,
  ageGroupLabel,
  bookingAgeRefusal,
  type ErrorCode,
  isLessonDay,
  type Locale,
  lessonBegun,
  type MyVisitRequest,
  type RequestStatus,
  todayInBerlin,
  type VisitRequestBody,
  type VisitRequestKind,
  type VisitRequestReply,
} from "@atelier/contract";
import { findClosedRangesOfPage, findSlots } from "../catalogue/index.ts";
import type { Db, VisitRequestChild } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { enqueueMail, type VisitRequestMailData } from "../mail/index.ts";
import type { StaffRecipients } from "../settings/index.ts";
import { findVisitorsByIds } from "../visitors/index.ts";
import {
  findRequestablePage,
  insertVisitRequest,
  listVisitRequestsOfUser,
  type VisitRequestRow,
} from "./visit-requests.repository.ts";

export type VisitRequestsServiceDeps = {
  db: Db;
  /** Where the school receives the requests (env SCHOOL_EMAIL). */
  schoolEmails: StaffRecipients;
  publicUrl: string;
};

export type VisitRequestsService = ReturnType<typeof createVisitRequestsService>;

/** The school works in German: its notification is German, whatever the sender's locale (as contact forms). */
const SCHOOL_LOCALE: Locale = "de";

function toReply(row: VisitRequestRow): VisitRequestReply {
  return {
    id: row.id,
    kind: row.kind,
    product_page: row.productPageId,
    user: row.userId,
    children: row.children.map((child) => ({
      id: child.id ?? null,
      first_name: child.first_name,
      last_name: child.last_name,
      birth_date: child.birth_date ?? null,
    })),
    adults: row.adults,
    date: row.date,
    schedule_slot: row.requestedSlotId,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A trial is asked for on a day the course meets (D297): its form offers those days only, each with its
 * group (D329). The chosen group must be one of the offer's and meet on that day; it is returned, with
 * its time, to be kept with the request and named in the mails.
 */
async function trialLesson(db: Db, pageId: number, body: VisitRequestBody) {
  if (body.date === null) {
    if (body.schedule_slot !== null) throw AppError.validation("date", "required");
    return null;
  }
  const [slots, closed] = await Promise.all([
    findSlots(db, [pageId]),
    findClosedRangesOfPage(db, pageId, body.date),
  ]);
  if (!isLessonDay(body.date, slots, closed)) throw AppError.validation("date", "not_a_lesson_day");
  if (body.schedule_slot === null) return null;
  const slot = slots.find((candidate) => candidate.id === body.schedule_slot);
  if (!slot || !isLessonDay(body.date, [slot], closed))
    throw AppError.validation("schedule_slot", "trial_slot_not_that_day");
  // The form offers no lesson that has begun (`trialDates`); neither does the server (D524).
  if (lessonBegun(body.date, slot.start, new Date())) throw AppError.validation("date", "trial_lesson_begun");
  return { id: slot.id, start: slot.start, end: slot.end };
}

/**
 * A trial is a lesson of the offer: the child's age must fit its age group as for a booking (the contract's
 * one rule, judged on the trial's day, else today), with the booking's codes and texts naming the child.
 * A saved child is judged by the birth date the parent saved, a typed one by the date typed; a child
 * without one (the existing client's guest) is left to the school.
 */
function checkTrialAges(
  group: AgeGroup,
  children: readonly VisitRequestChild[],
  savedBirthDates: ReadonlyMap<number, string>,
  date: string | null,
) {
  children.forEach((child, index) => {
    const birthDate =
      (child.id !== undefined ? savedBirthDates.get(child.id) : undefined) ?? child.birth_date;
    if (!birthDate) return;
    const booked = { weekStarts: [], slotDates: date ? [date] : [] };
    const outside = bookingAgeRefusal(birthDate, group, booked, todayInBerlin());
    if (!outside) return;
    throw new AppError(outside.code, 400, `children.${index}.birth_date`, undefined, {
      name: child.first_name,
      age: outside.age,
      group: ageGroupLabel(group),
    });
  });
}

/**
 * Visit requests (trial, out, waiting): checked, stored, and both mails (the sender's confirmation and
 * the school's notification) queued in the same transaction, so a request exists exactly with its mails.
 */
export function createVisitRequestsService({ db, schoolEmails, publicUrl }: VisitRequestsServiceDeps) {
  /** A signed-in parent's children are their saved visitors; a guest's ids are local numbers and dropped. */
  async function childrenOf(
    body: VisitRequestBody,
    userId: number | null,
  ): Promise<{ children: VisitRequestChild[]; savedBirthDates: Map<number, string> }> {
    const children = body.children.map(
      ({ id, first_name, last_name, birth_date }): VisitRequestChild => ({
        ...(userId !== null && id != null ? { id } : {}),
        first_name,
        last_name,
        birth_date,
      }),
    );
    if (userId === null) return { children, savedBirthDates: new Map() };
    const ids = children.flatMap((child) => (child.id === undefined ? [] : [child.id]));
    const saved = await findVisitorsByIds(db, userId, ids);
    const own = new Set(saved.map((visitor) => visitor.id));
    const errors: Record<string, ErrorCode[]> = {};
    children.forEach((child, index) => {
      if (child.id !== undefined && !own.has(child.id))
        errors[`children.${index}.id`] = ["visitor_not_found"];
    });
    if (Object.keys(errors).length) throw AppError.fieldErrors(errors);
    return { children, savedBirthDates: new Map(saved.map((visitor) => [visitor.id, visitor.birthDate])) };
  }

  return {
    async submit(
      kind: VisitRequestKind,
      body: VisitRequestBody,
      caller: { userId: number | null; locale: Locale },
    ): Promise<VisitRequestReply> {
      const page = await findRequestablePage(db, body.product_page);
      if (!page) throw AppError.validation("product_page", "product_not_found");
      const lesson = kind === "trial" ? await trialLesson(db, page.id, body) : null;
      const { children, savedBirthDates } = await childrenOf(body, caller.userId);
      if (kind === "trial") checkTrialAges(page.ageGroup, children, savedBirthDates, body.date);
      const first = body.adults[0];
      if (!first) throw AppError.validation("adults", "required");

      return db.transaction(async (tx) => {
        const row = await insertVisitRequest(tx, {
          kind,
          productPageId: page.id,
          userId: caller.userId,
          children,
          adults: body.adults,
          date: body.date,
          requestedSlotId: lesson?.id ?? null,
          locale: caller.locale,
        });
        const mail = (locale: Locale): VisitRequestMailData => ({
          kind,
          requestId: row.id,
          productName: page.name[locale] || page.name.de,
          date: row.date,
          lesson,
          children: children.map((child) => ({
            firstName: child.first_name,
            lastName: child.last_name,
            birthDate: child.birth_date ?? null,
          })),
          adults: body.adults.map((adult) => ({
            firstName: adult.first_name,
            lastName: adult.last_name,
            email: adult.email,
            phone: adult.phone,
            relation: adult.relation,
          })),
          userId: caller.userId,
        });
        await enqueueMail(
          tx,
          {
            to: first.email,
            template: "visit-request-confirmation",
            locale: caller.locale,
            data: mail(caller.locale),
          },
          { publicUrl },
        );
        for (const to of await schoolEmails(tx)) {
          await enqueueMail(
            tx,
            { to, template: "visit-request-notification", locale: SCHOOL_LOCALE, data: mail(SCHOOL_LOCALE) },
            { publicUrl },
          );
        }
        return toReply(row);
      });
    },

    /** The parent's own requests for the profile (D137): the status, and the date once staff confirmed it. */
    async mine(userId: number, locale: Locale): Promise<MyVisitRequest[]> {
      const rows = await listVisitRequestsOfUser(db, userId);
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        product_page: { id: row.productPageId, name: row.productName[locale] || row.productName.de },
        date: row.date,
        confirmed: row.confirmedAt !== null,
        status: row.status as RequestStatus,
        created_at: row.createdAt.toISOString(),
      }));
    },
  };
}
