CREATE TABLE "staff_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"staff_user_id" integer,
	"reason" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"cancel_item" boolean NOT NULL,
	"refund_state" text NOT NULL,
	"payment_id" integer,
	"refund_id" integer,
	"refund_attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"credit_note_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "staff_refunds_amount_check" CHECK ("staff_refunds"."amount_cents" >= 0 and ("staff_refunds"."amount_cents" > 0 or "staff_refunds"."cancel_item")),
	CONSTRAINT "staff_refunds_state_check" CHECK ("staff_refunds"."refund_state" in ('pending', 'completed', 'failed', 'none'))
);
--> statement-breakpoint
ALTER TABLE "staff_refunds" ADD CONSTRAINT "staff_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_refunds" ADD CONSTRAINT "staff_refunds_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_refunds" ADD CONSTRAINT "staff_refunds_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_refunds" ADD CONSTRAINT "staff_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_refunds" ADD CONSTRAINT "staff_refunds_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_refunds" ADD CONSTRAINT "staff_refunds_credit_note_id_invoices_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_refunds_request_idx" ON "staff_refunds" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "staff_refunds_order_idx" ON "staff_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "staff_refunds_item_idx" ON "staff_refunds" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "staff_refunds_pending_idx" ON "staff_refunds" USING btree ("refund_state") WHERE "staff_refunds"."refund_state" = 'pending';