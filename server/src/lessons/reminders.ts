import { berlinDate, type Locale } from "@atelier/contract";
import { eq } from "drizzle-orm";
import { type Db, type DbOrTx, lessonReminders, lessonSettings, locations } from "../db/index.ts";
import { enqueueMail, type LessonReminderData } from "../mail/index.ts";
import { addDays } from "./lesson-time.ts";
import { academyWeeksStarting, type Due, firstLessons, makeups, trialVisits } from "./reminders-due.ts";

type Place = { house: string; address: string; mapUrl: string | null };

async function placeOf(db: DbOrTx, locationId: number | null, locale: Locale): Promise<Place> {
  if (locationId === null) return { house: "", address: "", mapUrl: null };
  const [row] = await db.select().from(locations).where(eq(locations.id, locationId));
  if (!row) return { house: "", address: "", mapUrl: null };
  return {
    house: row.name[locale] || row.name.de,
    address: `${row.street}, ${row.postCode} ${row.city}`,
    mapUrl: row.mapUrl,
  };
}

/**
 * Reminders by the mail outbox (D370): the day before a child's first lesson (course, workshop, academy
 * week, trial visit) and before a makeup, in the family's language, each once: its key is written in the
 * mail's transaction under a unique index, so two instances or a restart write it once. None for a
 * lesson the school cancelled or a closure; staff can turn each kind off.
 */
export function createReminders(deps: {
  db: Db;
  createAbsenceLink: (tx: DbOrTx, itemId: number, until: string) => Promise<string>;
  publicUrl: string;
  now?: () => Date;
  /** Where a failed round is logged (the app's logger). */
  onError?: (error: unknown) => void;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  /** Writes one reminder and its mail, unless its key was written before (by this or another instance). */
  async function send(one: Due): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(lessonReminders)
        .values({ kind: one.kind, key: one.key })
        .onConflictDoNothing()
        .returning({ id: lessonReminders.id });
      if (!row) return false;
      const place = await placeOf(tx, one.locationId, one.locale);
      const data: LessonReminderData = {
        parentFirstName: one.parentFirstName,
        childName: one.childName,
        productName: one.productName[one.locale] || one.productName.de,
        kind: one.kind,
        date: one.date,
        start: one.start,
        end: one.end,
        ...place,
        whatToBring: one.whatToBring[one.locale] || one.whatToBring.de,
        // The page opens in the family's language, whatever the phone's browser is set to (D392).
        absenceUrl:
          one.absenceItem === null
            ? null
            : `${await deps.createAbsenceLink(tx, one.absenceItem, addDays(one.date, 56))}?locale=${one.locale}`,
      };
      const mail = await enqueueMail(
        tx,
        { to: one.to, template: "lesson-reminder", locale: one.locale, data },
        { publicUrl: deps.publicUrl },
      );
      await tx.update(lessonReminders).set({ mailId: mail.id }).where(eq(lessonReminders.id, row.id));
      return true;
    });
  }

  /** One round: the reminders due for tomorrow's lessons (Berlin), each written at most once. */
  async function runOnce(): Promise<{ sent: number }> {
    const tomorrow = addDays(berlinDate(now()), 1);
    const [settings] = await db.select().from(lessonSettings);
    const off = new Set(settings?.remindersOff ?? []);
    const due = [
      ...(off.has("first_lesson")
        ? []
        : [...(await firstLessons(db, now, tomorrow)), ...(await academyWeeksStarting(db, tomorrow))]),
      ...(off.has("trial") ? [] : await trialVisits(db, tomorrow)),
      ...(off.has("makeup") ? [] : await makeups(db, tomorrow)),
    ];
    let sent = 0;
    for (const one of due) if (await send(one)) sent += 1;
    return { sent };
  }

  return {
    runOnce,
    /** Runs a round now and every `intervalMs` after the last one ended (started by server.ts). */
    start(intervalMs: number) {
      const tick = () => {
        running = runOnce()
          .catch((error: unknown) => deps.onError?.(error))
          .finally(() => {
            running = undefined;
            if (timer) timer = setTimeout(tick, intervalMs);
          });
      };
      timer = setTimeout(tick, 0);
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

export type Reminders = ReturnType<typeof createReminders>;
