ALTER TABLE "order_item_slots" ADD COLUMN "may_hold_seat" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "order_item_slots_may_hold_idx" ON "order_item_slots" USING btree ("schedule_slot_id","order_item_id") WHERE "order_item_slots"."may_hold_seat";--> statement-breakpoint
-- Hand-written below (D419): a weekly slot keeps every booking of its years (an ended subscription is a
-- cancelled item, an abandoned checkout an expired order), and seats taken, a day's lessons and a roster
-- probed each of them: on ten years of data a Tuesday's 13 slots had 7,449 links, of which about a hundred
-- could still hold a seat. `may_hold_seat` marks those, and the partial index above reads only them.
-- The rule is one function; PostgreSQL's triggers apply it whenever an order's or an item's status crosses
-- it (either way: an expired order that a late capture revives holds its seats again), so every code path,
-- the payment worker's expiry and staff's refunds included, keeps it without knowing of it. A new link
-- starts as true (links are written into carts); the years generator writes rows directly and calls the
-- refresh, as does a restore (a backup made before this migration has no such column).
CREATE FUNCTION "order_item_slot_may_hold_seat"("item_status" text, "order_status" text) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$
  SELECT item_status <> 'cancelled' AND order_status NOT IN ('expired', 'declined', 'cancelled', 'refunded')
$$;--> statement-breakpoint
-- Sets `may_hold_seat` of the links of `item_ids` (every link when null) by the rule; writes only what changes.
CREATE FUNCTION "refresh_order_item_slots_may_hold_seat"("item_ids" integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "order_item_slots" l
  SET "may_hold_seat" = h.may_hold
  FROM (
    SELECT i.id, "order_item_slot_may_hold_seat"(i.status::text, o.status::text) AS may_hold
    FROM "order_items" i JOIN "orders" o ON o.id = i.order_id
    WHERE item_ids IS NULL OR i.id = ANY(item_ids)
  ) h
  WHERE l.order_item_id = h.id AND l.may_hold_seat IS DISTINCT FROM h.may_hold
$$;--> statement-breakpoint
CREATE FUNCTION "orders_refresh_slot_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_order_item_slots_may_hold_seat"(ARRAY(SELECT id FROM "order_items" WHERE order_id = NEW.id));
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Only a status change that crosses the rule runs it (a cart's checkout and payment do not).
CREATE TRIGGER "orders_refresh_slot_links" AFTER UPDATE OF "status" ON "orders" FOR EACH ROW
  WHEN ("order_item_slot_may_hold_seat"('active', OLD.status::text) IS DISTINCT FROM "order_item_slot_may_hold_seat"('active', NEW.status::text))
  EXECUTE FUNCTION "orders_refresh_slot_links"();--> statement-breakpoint
CREATE FUNCTION "order_items_refresh_slot_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_order_item_slots_may_hold_seat"(ARRAY[NEW.id]);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "order_items_refresh_slot_links" AFTER UPDATE OF "status" ON "order_items" FOR EACH ROW
  WHEN ("order_item_slot_may_hold_seat"(OLD.status::text, 'paid') IS DISTINCT FROM "order_item_slot_may_hold_seat"(NEW.status::text, 'paid'))
  EXECUTE FUNCTION "order_items_refresh_slot_links"();--> statement-breakpoint
SELECT "refresh_order_item_slots_may_hold_seat"(NULL);
