import type { MailAttachmentRef } from "../db/index.ts";

/** A file as the transport attaches it; with `cid` it is shown inline in the HTML (`<img src="cid:…">`). */
export type RenderedAttachment = { filename: string; content: Buffer; contentType: string; cid?: string };

/** Makes the files an outbox mail names; a failure fails the attempt, which is retried (D53). */
export type AttachmentRenderer = (refs: readonly MailAttachmentRef[]) => Promise<RenderedAttachment[]>;

/** For a worker set up without sources: a mail that names attachments fails rather than going out without them. */
export const noAttachments: AttachmentRenderer = async (refs) => {
  if (refs.length > 0) throw new Error("attachments named but no attachment renderer configured");
  return [];
};
