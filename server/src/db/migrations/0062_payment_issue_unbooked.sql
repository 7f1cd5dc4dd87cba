ALTER TABLE "payment_issues" ADD COLUMN "unbooked_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What a payment's dashboard refund already showed staff (D565): the gateway's refunds beyond the shop's own
-- refunds done or being sent, so the first report after the upgrade does not bring a handled payment back.
UPDATE "payment_issues" AS pi SET "unbooked_cents" = GREATEST(0, p."refunded_cents"
  - COALESCE((SELECT sum(w."gateway_cents") FROM "withdrawals" w WHERE w."order_id" = p."order_id" AND w."refund_state" IN ('completed', 'pending')), 0)
  - COALESCE((SELECT sum(r."amount_cents") FROM "staff_refunds" r WHERE r."order_id" = p."order_id" AND r."refund_state" IN ('completed', 'pending')), 0))
FROM "payments" AS p WHERE p."id" = pi."payment_id" AND pi."reason" = 'refunded_at_paypal';
