import { randomBytes } from "node:crypto";
import { CURRENCY, INTL_LOCALES, type Locale } from "@atelier/contract";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/index.ts";
import { demoPayments } from "../db/index.ts";
import { centsOf, GatewayError, type GatewayOrder, type PaymentGateway } from "./gateway.ts";
import type { CreateOrderRequest } from "./paypal-client.ts";

/**
 * The offline gateway of `npm start` without a PayPal account (D49): it keeps its orders in
 * `demo_payments` and lets the buyer approve or cancel on its own page (`/payments/demo/{id}`, marked as a
 * demo). It behaves like PayPal where checkout can tell: request ids replay, capture needs approval,
 * a second capture is `already_captured`.
 */

type DemoRow = typeof demoPayments.$inferSelect;

const newId = (prefix: string) => `${prefix}${randomBytes(8).toString("hex").toUpperCase()}`;

export type DemoGateway = PaymentGateway & {
  /** The buyer's choice on the approval page; returns the order's redirect addresses. */
  decide(
    orderId: string,
    choice: "approve" | "cancel",
  ): Promise<{ returnUrl: string | null; cancelUrl: string | null } | undefined>;
  find(orderId: string): Promise<DemoOrderView | undefined>;
};

export type DemoOrderView = {
  id: string;
  status: string;
  amountCents: number;
  locale: Locale;
  description: string;
  /** Our order's id from the request's `reference_id` ("order-42"); null when it names none. */
  orderId: number | null;
  items: { name: string; amountCents: number }[];
};

/** Checkout names each purchase unit after our order ("order-42", paypal-order-request.ts). */
function orderIdOf(referenceId: string | undefined): number | null {
  const match = /^order-(\d+)$/.exec(referenceId ?? "");
  return match ? Number(match[1]) : null;
}

function experience(request: CreateOrderRequest) {
  return request.payment_source?.paypal?.experience_context ?? {};
}

export function createDemoGateway(db: Db, publicUrl: string): DemoGateway {
  const base = publicUrl.replace(/\/$/, "");

  function toOrder(row: DemoRow): GatewayOrder {
    const unit = (row.request as CreateOrderRequest).purchase_units[0];
    return {
      id: row.id,
      status: row.status as GatewayOrder["status"],
      approveUrl: `${base}/payments/demo/${row.id}`,
      capture: row.captureId
        ? {
            id: row.captureId,
            // As PayPal reports a capture refunded since.
            status:
              row.refundedCents === 0
                ? "COMPLETED"
                : row.refundedCents >= row.amountCents
                  ? "REFUNDED"
                  : "PARTIALLY_REFUNDED",
            amountCents: row.amountCents,
            currency: unit?.amount.currency_code ?? CURRENCY,
            customId: unit?.custom_id ?? null,
            invoiceId: unit?.invoice_id ?? null,
          }
        : null,
      payer: row.status === "CREATED" ? null : { firstName: "Demo", lastName: "Käufer" },
    };
  }

  async function load(orderId: string): Promise<DemoRow> {
    const [row] = await db.select().from(demoPayments).where(eq(demoPayments.id, orderId));
    if (!row) throw new GatewayError("not_found", `demo order ${orderId} not found`);
    return row;
  }

  return {
    name: "demo",
    // The demo has no catalogue and charges nothing by itself: ids only, so make_recurring answers.
    createProduct: async (_product, requestId) => ({ id: `DEMO-PROD-${requestId}`.slice(0, 64) }),
    createMonthlyPlan: async (plan) => ({ id: `DEMO-PLAN-${plan.priceCents}` }),
    createSubscription: async (_request, requestId) => ({
      id: `DEMOSUB-${requestId}`.slice(0, 64),
      status: "APPROVAL_PENDING",
      approveUrl: null,
    }),
    cancelSubscription: async () => undefined,
    async createOrder(request, requestId) {
      const amountCents = centsOf(request.purchase_units[0]?.amount.value);
      await db
        .insert(demoPayments)
        .values({ id: newId("DEMO"), requestId, amountCents, request })
        .onConflictDoNothing({ target: demoPayments.requestId });
      const [row] = await db.select().from(demoPayments).where(eq(demoPayments.requestId, requestId));
      if (!row) throw new Error("demo order insert returned no row");
      return toOrder(row);
    },
    getOrder: async (orderId) => toOrder(await load(orderId)),
    async captureOrder(orderId) {
      const [row] = await db
        .update(demoPayments)
        .set({ status: "COMPLETED", captureId: newId("DEMOCAP") })
        .where(sql`${demoPayments.id} = ${orderId} and ${demoPayments.status} = 'APPROVED'`)
        .returning();
      if (row) return toOrder(row);
      const current = await load(orderId);
      throw new GatewayError(
        current.status === "COMPLETED" ? "already_captured" : "not_approved",
        `demo order ${orderId} is ${current.status}`,
      );
    },
    async refundCapture(captureId, requestId, amountCents) {
      const [row] = await db.select().from(demoPayments).where(eq(demoPayments.captureId, captureId));
      if (!row) throw new GatewayError("not_found", `demo capture ${captureId} not found`);
      const amount = amountCents ?? row.amountCents - row.refundedCents;
      const [updated] = await db
        .update(demoPayments)
        .set({ refundedCents: sql`${demoPayments.refundedCents} + ${amount}` })
        .where(
          sql`${demoPayments.id} = ${row.id} and ${demoPayments.refundedCents} + ${amount} <= ${demoPayments.amountCents}`,
        )
        .returning();
      if (!updated) throw new GatewayError("refused", "refund exceeds the captured amount");
      return { id: `DEMOREF-${requestId}`.slice(0, 64), status: "COMPLETED", amountCents: amount };
    },
    async decide(orderId, choice) {
      const [row] = await db
        .update(demoPayments)
        .set({ status: choice === "approve" ? "APPROVED" : "VOIDED" })
        .where(sql`${demoPayments.id} = ${orderId} and ${demoPayments.status} = 'CREATED'`)
        .returning();
      const found = row ?? (await load(orderId).catch(() => undefined));
      if (!found) return undefined;
      const context = experience(found.request as CreateOrderRequest);
      return { returnUrl: context.return_url ?? null, cancelUrl: context.cancel_url ?? null };
    },
    async find(orderId) {
      const row = await load(orderId).catch(() => undefined);
      if (!row) return undefined;
      const request = row.request as CreateOrderRequest;
      const unit = request.purchase_units[0];
      return {
        id: row.id,
        status: row.status,
        amountCents: row.amountCents,
        locale: experience(request).locale === INTL_LOCALES.ru ? "ru" : "de",
        description: unit?.description ?? "",
        orderId: orderIdOf(unit?.reference_id),
        items: (unit?.items ?? []).map((item) => ({
          name: item.name,
          amountCents: centsOf(item.unit_amount.value) * Number(item.quantity),
        })),
      };
    },
  };
}
