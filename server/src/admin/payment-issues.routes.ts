import {
  AdminIdParamsSchema,
  AdminPaymentIssueResolveInputSchema,
  AdminPaymentIssueSchema,
  LocaleQuerySchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/index.ts";
import { currentUser, requireStaff } from "../plugins/index.ts";
import { type RefundNow, resolvePaymentIssue, retryPaymentRefund } from "./payment-issues.service.ts";
import { adminOperation as base, adminErrors as errors } from "./route-docs.ts";

/**
 * The dashboard's payments that need a person (D90), settled by staff instead of a developer's SQL (D565):
 * a given-up refund tried again, or the payment marked handled. `:id` is the payment's.
 */
export const paymentIssuesRoutes =
  ({ db, checkout }: { db: Db; checkout: Pick<RefundNow, "refundDueNow"> }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("onRequest", requireStaff);
    app.post(
      "/api/v2/admin/payment-issues/:id/retry/",
      {
        schema: {
          ...base(
            "Try a refund given up after its tries again, in a new round of tries (D565), its first try at once (D571)",
          ),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: AdminPaymentIssueSchema, ...errors },
        },
      },
      async (request) =>
        retryPaymentRefund(db, currentUser(request), request.params.id, {
          refundDueNow: checkout.refundDueNow,
          log: request.log,
        }),
    );
    app.post(
      "/api/v2/admin/payment-issues/:id/resolve/",
      {
        schema: {
          ...base("Mark a payment that needed a person as handled, with a note for the audit log (D565)"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          body: AdminPaymentIssueResolveInputSchema,
          response: { 200: AdminPaymentIssueSchema, ...errors },
        },
      },
      async (request) => resolvePaymentIssue(db, currentUser(request), request.params.id, request.body.note),
    );
  };
