import type { Readable } from "node:stream";
import type { AuditArea } from "@atelier/contract";
import type { FastifyReply } from "fastify";
import { attachmentDisposition } from "../common/index.ts";
import type { Db } from "../db/index.ts";
import { ErrorReplySchema } from "../errors/index.ts";
import { recordAudit } from "./audit.repository.ts";

/** What the attendance and accounting downloads share: their error replies, the reply, the audit. */
export const errors = {
  400: ErrorReplySchema,
  401: ErrorReplySchema,
  403: ErrorReplySchema,
  404: ErrorReplySchema,
};

export function download(
  reply: FastifyReply,
  type: string,
  filename: string,
  body: string | Buffer | Readable,
) {
  return reply
    .type(type)
    .header("content-disposition", attachmentDisposition(filename))
    .header("cache-control", "private, no-store")
    .send(body);
}

/** Staff took personal or tax data out of the shop: who, what and when (D132, D134). */
export const auditExportOn =
  (db: Db) => (staff: { id: number; email: string }, resource: AuditArea, recordId: number, what: object) =>
    db.transaction((tx) =>
      recordAudit(tx, {
        userId: staff.id,
        userEmail: staff.email,
        resource,
        recordId,
        action: "export",
        before: null,
        after: what,
      }),
    );
