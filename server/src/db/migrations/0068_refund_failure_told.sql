ALTER TABLE "staff_refunds" ADD COLUMN "failure_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "failure_told_at" timestamp with time zone;