DROP INDEX "invoices_one_per_order_idx";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "subscription_payment_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscription_payment_id_subscription_payments_id_fk" FOREIGN KEY ("subscription_payment_id") REFERENCES "public"."subscription_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_subscription_payment_idx" ON "invoices" USING btree ("subscription_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order_idx" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice' and "invoices"."subscription_payment_id" is null;