import type { Db } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { requeueFailedMail } from "../mail/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { recordAudit } from "./audit.repository.ts";

/**
 * A mail the outbox gave up on, handed back to it (D534), audited without its address (the audit log
 * outlives an erasure). A mail not given up (sent meanwhile, handed back already) is 404.
 */
export async function resendFailedMail(db: Db, staff: AuthUser, id: number): Promise<{ mail: number }> {
  return db.transaction(async (tx) => {
    const mail = await requeueFailedMail(tx, id);
    if (!mail) throw AppError.notFound();
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
