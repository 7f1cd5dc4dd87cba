CREATE TABLE "subscription_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_payment_id" integer NOT NULL,
	"gateway" "payment_gateway" NOT NULL,
	"refund_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_refunds_amount_check" CHECK ("subscription_refunds"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "subscription_refunds" ADD CONSTRAINT "subscription_refunds_subscription_payment_id_subscription_payments_id_fk" FOREIGN KEY ("subscription_payment_id") REFERENCES "public"."subscription_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_refunds_refund_idx" ON "subscription_refunds" USING btree ("gateway","refund_id");--> statement-breakpoint
CREATE INDEX "subscription_refunds_payment_idx" ON "subscription_refunds" USING btree ("subscription_payment_id");