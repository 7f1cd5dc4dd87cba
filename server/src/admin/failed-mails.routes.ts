import { AdminIdParamsSchema, AdminResendSchema, LocaleQuerySchema } from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/index.ts";
import { currentUser, requireStaff } from "../plugins/index.ts";
import { resendFailedMail } from "./failed-mails.service.ts";
import { adminOperation as base, adminErrors as errors } from "./route-docs.ts";

/**
 * A mail the outbox gave up on, handed back to it (D534): staff see it on the dashboard once the mail server
 * is back, and send it again with one click instead of a developer's SQL. Audited; a mail not given up (sent
 * meanwhile, handed back already) is 404.
 */
export const failedMailsRoutes =
  ({ db, publicUrl }: { db: Db; publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("onRequest", requireStaff);
    app.post(
      "/api/v2/admin/mails/:id/resend/",
      {
        schema: {
          ...base(
            "Send a mail the outbox gave up on again, as it was (D534); a bought gift card's mail to its recipient with the card's value now (D641)",
          ),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: AdminResendSchema, ...errors },
        },
      },
      async (request) => resendFailedMail(db, { publicUrl }, currentUser(request), request.params.id),
    );
  };
