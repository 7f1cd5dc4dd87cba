CREATE TABLE "credit_note_items" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_note_items" ADD CONSTRAINT "credit_note_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_items" ADD CONSTRAINT "credit_note_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_note_items_item_idx" ON "credit_note_items" USING btree ("order_item_id");--> statement-breakpoint
-- D567: the credit notes issued before get their item where it can be told (issued documents stay untouched,
-- D300): a withdrawal's or a staff refund's, a contract month's (through the month's invoice it corrects), and
-- any credit note of an order of one item.
INSERT INTO "credit_note_items" ("invoice_id", "order_item_id")
  SELECT w."credit_note_id", w."order_item_id" FROM "withdrawals" AS w WHERE w."credit_note_id" IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "credit_note_items" ("invoice_id", "order_item_id")
  SELECT sr."credit_note_id", sr."order_item_id" FROM "staff_refunds" AS sr WHERE sr."credit_note_id" IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "credit_note_items" ("invoice_id", "order_item_id")
  SELECT cn."id", s."order_item_id" FROM "invoices" AS cn
  JOIN "invoices" AS m ON m."number" = cn."data" ->> 'corrects'
  JOIN "subscription_payments" AS sp ON sp."id" = m."subscription_payment_id"
  JOIN "subscriptions" AS s ON s."id" = sp."subscription_id"
  WHERE cn."kind" = 'credit_note'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "credit_note_items" ("invoice_id", "order_item_id")
  SELECT cn."id", (SELECT min(i."id") FROM "order_items" AS i WHERE i."order_id" = cn."order_id") FROM "invoices" AS cn
  WHERE cn."kind" = 'credit_note'
    AND (SELECT count(*) FROM "order_items" AS i WHERE i."order_id" = cn."order_id") = 1
  ON CONFLICT DO NOTHING;
