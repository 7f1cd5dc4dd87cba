import {
  AdminIdParamsSchema,
  AdminListQuerySchema,
  AdminMailListSchema,
  AdminMailSchema,
  AdminResendSchema,
  LocaleQuerySchema,
  MAIL_STATUSES,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/index.ts";
import { findOutboxMail, listOutboxMails, OUTBOX_SORTS } from "../mail/index.ts";
import { currentUser, requireStaff } from "../plugins/index.ts";
import { foundOr404 } from "./crud-service.ts";
import { type LinkLifetimes, resendFailedMail } from "./failed-mails.service.ts";
import { filterValue, listCut, sendList } from "./list-query.ts";
import { adminOperation as base, adminErrors as errors } from "./route-docs.ts";

/**
 * The mail outbox for staff: every mail the shop wrote, newest first, with its state, so a mail that waits
 * for a mail server that is away, or one the outbox gave up on, is seen (not only an order's mails on its
 * page). Never a mail's text: see `outbox-list.ts`. A mail the outbox gave up on is handed back to it
 * (D534): staff send it again with one click instead of a developer's SQL. Audited; a mail not given up
 * (sent meanwhile, handed back already) is 404.
 */
export const failedMailsRoutes =
  ({
    db,
    publicUrl,
    linkHours,
  }: {
    db: Db;
    publicUrl: string;
    /** How long the links of reset and address mails stay valid (hours): such a mail is not sent dead. */
    linkHours?: LinkLifetimes;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("onRequest", requireStaff);
    app.get(
      "/api/v2/admin/mails/",
      {
        schema: {
          ...base(
            "The mail outbox, newest first: address, subject, kind and state, never the text (filter status: pending, sent, failed; q: the beginning of the address)",
          ),
          querystring: AdminListQuerySchema,
          response: { 200: AdminMailListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const filter = request.query.filter ?? {};
        const cut = listCut(request.query, OUTBOX_SORTS, "id");
        const page = await listOutboxMails(
          db,
          {
            statuses: filterValue.strings(
              filter,
              "status",
              MAIL_STATUSES,
            ) as (typeof MAIL_STATUSES)[number][],
            recipient: filterValue.string(filter, "q"),
          },
          cut,
        );
        return sendList(reply, "mails", cut.offset, page);
      },
    );
    app.get(
      "/api/v2/admin/mails/:id/",
      {
        schema: {
          ...base("One mail of the outbox: address, subject, kind and state, never the text"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: AdminMailSchema, ...errors },
        },
      },
      async (request) => foundOr404(await findOutboxMail(db, request.params.id)),
    );
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
      async (request) =>
        resendFailedMail(db, { publicUrl, linkHours }, currentUser(request), request.params.id),
    );
  };
