ALTER TABLE "refunds" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("checked_at") WHERE "refunds"."status" = 'PENDING';--> statement-breakpoint
-- Stripe's requires_action was recorded as REQUIRES_ACTION before D569: a refund not paid out yet, as PENDING.
UPDATE "refunds" SET "status" = 'PENDING' WHERE "status" = 'REQUIRES_ACTION';