import {
  AdminDisputeHandledInputSchema,
  AdminIdParamsSchema,
  AdminListQuerySchema,
  AdminMoveInputSchema,
  AdminOrderDocumentParamsSchema,
  AdminOrderListSchema,
  AdminOrderSchema,
  AdminRefundInputSchema,
  AdminRefundSettleInputSchema,
  AdminResendSchema,
  LocaleQuerySchema,
} from "@atelier/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { StaffOrders } from "../checkout/index.ts";
import { attachmentDisposition } from "../common/index.ts";
import type { Db } from "../db/index.ts";
import { createInvoiceDownloads, type Seller } from "../invoices/index.ts";
import { currentUser, requireStaff } from "../plugins/index.ts";
import type { WithdrawalsService } from "../withdrawals/index.ts";
import { recordAudit } from "./audit.repository.ts";
import { sendList } from "./list-query.ts";
import { createDisputeDecision } from "./order-disputes.service.ts";
import { createOrderMove } from "./order-move.service.ts";
import { createOrdersAdmin } from "./orders.service.ts";
import { adminOperation as base, adminErrors as errors } from "./route-docs.ts";
import { staffOrderRoutes } from "./staff-orders.routes.ts";
import { createStaffOrdersAdmin } from "./staff-orders.service.ts";

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * An order's invoices and credit notes as PDF for staff; each download is audited as an export, since the
 * parent's tax data leaves the shop (D134).
 */
function orderDocumentRoutes(app: App, { db, seller }: { db: Db; seller: Seller }) {
  const downloads = createInvoiceDownloads({ db, seller });
  app.get(
    "/api/v2/admin/orders/:id/documents/:doc/pdf/",
    {
      schema: {
        ...base("An invoice or credit note of the order as PDF"),
        params: AdminOrderDocumentParamsSchema,
        querystring: LocaleQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const file = await downloads.forStaff(request.params.id, request.params.doc);
      // The parent's tax data left the shop: who, which document and when, as the accounting export (D134).
      const staff = currentUser(request);
      await db.transaction((tx) =>
        recordAudit(tx, {
          userId: staff.id,
          userEmail: staff.email,
          resource: "invoices",
          recordId: request.params.doc,
          action: "export",
          before: null,
          after: { order: request.params.id, file: file.filename },
        }),
      );
      return (reply as FastifyReply)
        .type("application/pdf")
        .header("content-disposition", attachmentDisposition(file.filename))
        .header("cache-control", "private, no-store")
        .send(file.pdf);
    },
  );
}

/** A staff refund of an item, and a failed refund tried again or settled by hand (D127, D565). */
function refundRoutes(app: App, orders: ReturnType<typeof createOrdersAdmin>) {
  app.post(
    "/api/v2/admin/orders/:id/refunds/",
    {
      schema: {
        ...base(
          "Refund an item in full or in part, and/or cancel it; once per request_id (a repeat answers the order as it is)",
        ),
        params: AdminIdParamsSchema,
        querystring: LocaleQuerySchema,
        body: AdminRefundInputSchema,
        response: { 200: AdminOrderSchema, ...errors },
      },
    },
    async (request) => orders.refund(currentUser(request), request.params.id, request.body),
  );
  app.post(
    "/api/v2/admin/orders/:id/refunds/settle/",
    {
      schema: {
        ...base(
          "A refund given up after its tries: tried again in a new round, or marked as refunded by hand in the gateway's dashboard or elsewhere (D565); a repeat answers the order as it is",
        ),
        params: AdminIdParamsSchema,
        querystring: LocaleQuerySchema,
        body: AdminRefundSettleInputSchema,
        response: { 200: AdminOrderSchema, ...errors },
      },
    },
    async (request) => orders.settleRefund(currentUser(request), request.params.id, request.body),
  );
}

/** A lost dispute or reversal of the order's payment marked as decided by staff. */
function disputeRoutes(app: App, db: Db, orders: ReturnType<typeof createOrdersAdmin>) {
  const decide = createDisputeDecision(db);
  app.post(
    "/api/v2/admin/orders/:id/disputes/handled/",
    {
      schema: {
        ...base(
          "A lost dispute or a reversal of the order's payment marked as decided by staff, with a note for the audit log; a repeat answers the order as it is",
        ),
        params: AdminIdParamsSchema,
        querystring: LocaleQuerySchema,
        body: AdminDisputeHandledInputSchema,
        response: { 200: AdminOrderSchema, ...errors },
      },
    },
    async (request) => {
      await decide(currentUser(request), request.params.id, request.body);
      return orders.get(request.params.id, request.query.locale);
    },
  );
}

/**
 * `/api/v2/admin/orders/*` (issue 21, D127–D129). Registered beside the withdrawals service it refunds
 * through, with the same staff guard as `adminRoutes` (on request, before the body is read).
 */
export const adminOrdersRoutes =
  ({
    db,
    withdrawals,
    staffOrders,
    publicUrl,
    seller,
  }: {
    db: Db;
    withdrawals: WithdrawalsService;
    staffOrders: StaffOrders;
    publicUrl: string;
    seller: Seller;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const orders = createOrdersAdmin(db, withdrawals);
    const onBehalf = createStaffOrdersAdmin(staffOrders);
    const move = createOrderMove(db, publicUrl);
    app.addHook("onRequest", requireStaff);

    app.get(
      "/api/v2/admin/orders/",
      {
        schema: {
          ...base(
            "Orders; filter by status, payment_state, from, to (YYYY-MM-DD), product, parent, child and q (parent, child, e-mail, number)",
          ),
          querystring: AdminListQuerySchema,
          response: { 200: AdminOrderListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { cut, page } = await orders.list(request.query);
        return sendList(reply, "orders", cut.offset, page);
      },
    );
    app.get(
      "/api/v2/admin/orders/:id/",
      {
        schema: {
          ...base("One order: items, payments, refunds, mails, invoices and credit notes"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: AdminOrderSchema, ...errors },
        },
      },
      async (request) => orders.get(request.params.id, request.query.locale),
    );
    refundRoutes(app, orders);
    disputeRoutes(app, db, orders);
    app.post(
      "/api/v2/admin/orders/:id/move/",
      {
        schema: {
          ...base(
            "Move an item's child from one slot to another of the offer, or from one academy week to another (seat and age rules apply; a repeat answers the order as it is)",
          ),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          body: AdminMoveInputSchema,
          response: { 200: AdminOrderSchema, ...errors },
        },
      },
      async (request) => {
        await move(currentUser(request), request.params.id, request.body);
        return orders.get(request.params.id);
      },
    );
    orderDocumentRoutes(app, { db, seller });
    app.post(
      "/api/v2/admin/orders/:id/cancel/",
      {
        schema: {
          ...base(
            "Cancel an unpaid phone booking: seats, code use and gift card part back, its payment link closed (D536)",
          ),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: AdminOrderSchema, ...errors },
        },
      },
      async (request) => orders.cancelUnpaid(currentUser(request), request.params.id),
    );
    app.post(
      "/api/v2/admin/orders/:id/resend-confirmation/",
      {
        schema: {
          ...base("Mail the order confirmation again, as sent; a copy still waiting is the answer"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: AdminResendSchema, ...errors },
        },
      },
      async (request) => orders.resendConfirmation(currentUser(request), request.params.id),
    );
    await app.register(staffOrderRoutes(onBehalf));
  };
