DROP INDEX "order_items_visitor_idx";--> statement-breakpoint
CREATE INDEX "order_items_visitor_order_idx" ON "order_items" USING btree ("visitor_id","order_id");