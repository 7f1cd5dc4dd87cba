ALTER TABLE "payment_issues" ADD COLUMN "refund_round" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_refunds" ADD COLUMN "refund_round" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_refunds" ADD COLUMN "settled_by_hand" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "refund_round" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "settled_by_hand" text;--> statement-breakpoint
ALTER TABLE "staff_refunds" ADD CONSTRAINT "staff_refunds_settled_check" CHECK ("staff_refunds"."settled_by_hand" in ('gateway', 'elsewhere'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_settled_check" CHECK ("withdrawals"."settled_by_hand" in ('gateway', 'elsewhere'));