CREATE TYPE "public"."payment_issue_reason" AS ENUM('seats_gone', 'promocode_used_up', 'capture_mismatch', 'not_our_order', 'refunded_at_paypal');--> statement-breakpoint
CREATE TYPE "public"."payment_issue_state" AS ENUM('refund_pending', 'refunded', 'refund_failed', 'review');--> statement-breakpoint
CREATE TABLE "installation" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installation_singleton_check" CHECK ("installation"."singleton")
);
--> statement-breakpoint
CREATE TABLE "payment_issues" (
	"payment_id" integer PRIMARY KEY NOT NULL,
	"reason" "payment_issue_reason" NOT NULL,
	"state" "payment_issue_state" NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "payment_issues_attempts_check" CHECK ("payment_issues"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payment_issues" ADD CONSTRAINT "payment_issues_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_issues_open_idx" ON "payment_issues" USING btree ("state") WHERE "payment_issues"."state" in ('refund_failed', 'review');