import { AdminIdParamsSchema, AdminResendSchema, LocaleQuerySchema } from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { requeueFailedMail } from "../mail/index.ts";
import { currentUser, requireStaff } from "../plugins/index.ts";
import { recordAudit } from "./audit.repository.ts";
import { adminOperation as base, adminErrors as errors } from "./route-docs.ts";

/**
 * A mail the outbox gave up on, handed back to it (D534): staff see it on the dashboard once the mail server
 * is back, and send it again with one click instead of a developer's SQL. Audited; a mail not given up (sent
 * meanwhile, handed back already) is 404.
 */
export const failedMailsRoutes =
  ({ db }: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("onRequest", requireStaff);
    app.post(
      "/api/v2/admin/mails/:id/resend/",
      {
        schema: {
          ...base("Send a mail the outbox gave up on again, as it was (D534)"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: AdminResendSchema, ...errors },
        },
      },
      async (request) => {
        const staff = currentUser(request);
        return db.transaction(async (tx) => {
          const mail = await requeueFailedMail(tx, request.params.id);
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
      },
    );
  };
