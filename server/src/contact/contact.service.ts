import type {
  ContactAppointment,
  ContactCallback,
  ContactPartnership,
  ContactRequestKind,
  Locale,
} from "@atelier/contract";
import type { Db } from "../db/index.ts";
import { enqueueMail } from "../mail/index.ts";
import type { StaffRecipients } from "../settings/index.ts";
import { insertContactRequest } from "./contact.repository.ts";

export type ContactServiceDeps = {
  db: Db;
  /** Where the school receives contact requests (env SCHOOL_EMAIL). */
  schoolEmails: StaffRecipients;
  publicUrl: string;
};

export type ContactSubmission =
  | { kind: "appointment"; input: ContactAppointment }
  | { kind: "callback"; input: ContactCallback }
  | { kind: "partnership"; input: ContactPartnership };

/** The school works in German: its notification is always German, whatever the sender's locale. */
const SCHOOL_LOCALE: Locale = "de";

export type ContactService = ReturnType<typeof createContactService>;

/**
 * Contact forms: the request is stored, the school's notification and the sender's confirmation queued,
 * in one transaction.
 */
export function createContactService({ db, schoolEmails, publicUrl }: ContactServiceDeps) {
  return {
    async submit(submission: ContactSubmission, senderLocale: Locale): Promise<{ id: number }> {
      const { kind, input } = submission;
      const comment = "comment" in input ? input.comment : "";
      const message = "message" in input ? input.message : "";
      const position = "position" in input ? input.position : "";
      const appointmentDate = "appointment_date" in input ? input.appointment_date : null;
      return db.transaction(async (tx) => {
        const stored = await insertContactRequest(tx, {
          kind: kind satisfies ContactRequestKind,
          firstName: input.first_name,
          lastName: input.last_name,
          email: input.email,
          phone: input.phone,
          comment,
          message,
          position,
          appointmentDate,
          locale: senderLocale,
        });
        const data = {
          kind,
          firstName: input.first_name,
          lastName: input.last_name,
          email: input.email,
          phone: input.phone,
          comment,
          message,
          position,
          appointmentDate,
        };
        for (const to of await schoolEmails(tx)) {
          await enqueueMail(
            tx,
            { to, template: "contact-request", locale: SCHOOL_LOCALE, data },
            { publicUrl },
          );
        }
        // The parent's copy, in the language the form was sent in (decision D63); in the same
        // transaction, so there is no confirmation of a request that was not stored.
        await enqueueMail(
          tx,
          { to: input.email, template: "contact-confirmation", locale: senderLocale, data },
          { publicUrl },
        );
        return stored;
      });
    },
  };
}
