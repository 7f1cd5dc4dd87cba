CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "order_item_slots_slot_item_idx" ON "order_item_slots" USING btree ("schedule_slot_id","order_item_id");--> statement-breakpoint
CREATE INDEX "order_items_active_idx" ON "order_items" USING btree ("id","order_id") WHERE "order_items"."status" = 'active';--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_captured_idx" ON "payments" USING btree ("captured_at");