ALTER TYPE "public"."gift_card_ledger_kind" ADD VALUE 'withdrawal';--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"paid_cents" integer NOT NULL,
	"refund_cents" integer NOT NULL,
	"gateway_cents" integer NOT NULL,
	"gift_card_cents" integer DEFAULT 0 NOT NULL,
	"basis" text NOT NULL,
	"refund_state" text NOT NULL,
	"payment_id" integer,
	"refund_id" integer,
	"refund_attempts" integer DEFAULT 0 NOT NULL,
	"credit_note_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "withdrawals_money_check" CHECK ("withdrawals"."paid_cents" >= 0 and "withdrawals"."refund_cents" >= 0 and "withdrawals"."gateway_cents" >= 0 and "withdrawals"."gift_card_cents" >= 0 and "withdrawals"."gateway_cents" + "withdrawals"."gift_card_cents" = "withdrawals"."refund_cents"),
	CONSTRAINT "withdrawals_state_check" CHECK ("withdrawals"."refund_state" in ('pending', 'completed', 'failed', 'none'))
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_credit_note_id_invoices_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_item_idx" ON "withdrawals" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "withdrawals_order_idx" ON "withdrawals" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "withdrawals_pending_idx" ON "withdrawals" USING btree ("refund_state") WHERE "withdrawals"."refund_state" = 'pending';