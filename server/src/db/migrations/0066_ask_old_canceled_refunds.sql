DROP INDEX "refunds_pending_idx";--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("checked_at") WHERE "refunds"."status" in ('PENDING', 'CANCELED');