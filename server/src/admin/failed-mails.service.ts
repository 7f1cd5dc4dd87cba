import type { Db } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { restateGivenUpRecipientMail } from "../gift-cards/index.ts";
import { requeueFailedMail } from "../mail/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { recordAudit } from "./audit.repository.ts";

/**
 * How long the link of each kind of mail that carries one stays valid, in hours (the accounts' settings
 * `PASSWORD_RESET_TTL_HOURS`, `EMAIL_VERIFY_TTL_HOURS`): such a mail sent again after that carries a dead link.
 */
export type LinkLifetimes = Partial<Record<string, number>>;

/** A link mail older than its link: sent again it would only say "link expired" to the family. */
const linkExpired = (hours: number) =>
  new AppError("mail_link_expired", 400, "non_field_errors", undefined, { hours: String(hours) });

/**
 * A mail the outbox gave up on, handed back to it (D534), audited without its address (the audit log
 * outlives an erasure). A mail not given up (sent meanwhile, handed back already) is 404. A bought gift
 * card's mail to its recipient is written anew with what the card is worth now (D641). A mail whose link
 * has expired (a password reset after 24 hours) is refused: the family asks for a new link instead.
 */
export async function resendFailedMail(
  db: Db,
  school: { publicUrl: string; linkHours?: LinkLifetimes },
  staff: AuthUser,
  id: number,
): Promise<{ mail: number }> {
  return db.transaction(async (tx) => {
    const mail = await requeueFailedMail(tx, id);
    if (!mail) throw AppError.notFound();
    const hours = school.linkHours?.[mail.template];
    // Thrown inside the transaction: the mail stays given up, nothing is audited.
    if (hours !== undefined && mail.createdAt.getTime() < Date.now() - hours * 3_600_000)
      throw linkExpired(hours);
    await restateGivenUpRecipientMail(tx, mail, school.publicUrl, new Date());
    await recordAudit(tx, {
      userId: staff.id,
      userEmail: staff.email,
      resource: "failed_mails",
      recordId: mail.id,
      action: "update",
      before: { status: "failed" },
      after: { status: "pending" },
    });
    return { mail: mail.id };
  });
}
