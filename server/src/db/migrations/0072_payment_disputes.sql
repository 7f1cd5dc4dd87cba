CREATE TYPE "public"."payment_dispute_kind" AS ENUM('dispute', 'reversal');--> statement-breakpoint
CREATE TYPE "public"."payment_dispute_state" AS ENUM('open', 'won', 'lost');--> statement-breakpoint
CREATE TABLE "payment_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"gateway" "payment_gateway" NOT NULL,
	"dispute_id" text NOT NULL,
	"kind" "payment_dispute_kind" NOT NULL,
	"state" "payment_dispute_state" NOT NULL,
	"amount_cents" integer NOT NULL,
	"taken_cents" integer DEFAULT 0 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"handled_at" timestamp with time zone,
	CONSTRAINT "payment_disputes_money_check" CHECK ("payment_disputes"."amount_cents" >= 0 and "payment_disputes"."taken_cents" between 0 and "payment_disputes"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_disputes_gateway_dispute_idx" ON "payment_disputes" USING btree ("gateway","dispute_id");--> statement-breakpoint
CREATE INDEX "payment_disputes_payment_idx" ON "payment_disputes" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_disputes_attention_idx" ON "payment_disputes" USING btree ("payment_id") WHERE "payment_disputes"."state" = 'open' or ("payment_disputes"."state" = 'lost' and "payment_disputes"."handled_at" is null);