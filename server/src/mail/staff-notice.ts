import type { DbOrTx } from "../db/index.ts";
import { enqueueMail } from "./mail-outbox.ts";
import type { RenderOptions } from "./mail-templates.ts";
import type { StaffNoticeData } from "./templates/staff-notice.ts";

/**
 * Tells the school at once (D110): one mail per address (SCHOOL_EMAIL, or STAFF_NOTIFY_EMAILS), in the
 * caller's transaction, so the notice exists exactly when its cause was committed and never without it.
 */
export async function enqueueStaffNotice(
  tx: DbOrTx,
  recipients: readonly string[],
  data: StaffNoticeData,
  options?: RenderOptions,
): Promise<void> {
  for (const to of recipients) {
    await enqueueMail(tx, { to, template: "staff-notice", locale: "de", data }, options);
  }
}
