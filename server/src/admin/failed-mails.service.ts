import type { Db } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { restateGivenUpRecipientMail } from "../gift-cards/index.ts";
import { requeueFailedMail } from "../mail/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { recordAudit } from "./audit.repository.ts";

/**
 * A mail the outbox gave up on, handed back to it (D534), audited without its address (the audit log
 * outlives an erasure). A mail not given up (sent meanwhile, handed back already) is 404. A bought gift
 * card's mail to its recipient is written anew with what the card is worth now (D641).
 */
export async function resendFailedMail(
  db: Db,
  school: { publicUrl: string },
  staff: AuthUser,
  id: number,
): Promise<{ mail: number }> {
  return db.transaction(async (tx) => {
    const mail = await requeueFailedMail(tx, id);
    if (!mail) throw AppError.notFound();
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
