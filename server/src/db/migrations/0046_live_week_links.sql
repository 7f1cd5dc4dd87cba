ALTER TABLE "order_item_academy_weeks" ADD COLUMN "may_hold_seat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "order_item_weeks_may_hold_idx" ON "order_item_academy_weeks" USING btree ("academy_week_id","order_item_id") WHERE "order_item_academy_weeks"."may_hold_seat";--> statement-breakpoint
-- Hand-written below (D438): on enrolment day two thousand carts hold the same academy week, and every add's
-- seat check, staging's count under the week's lock and the catalogue's seats left read each of their links
-- to find the few hundred that hold a seat. `may_hold_seat` marks those: an active item of an order that
-- awaits payment or is paid (`holdsSeats` without the clock, which still decides). A cart's links are false
-- until its checkout. Unlike a slot's (D419), a wrong false would hide a seat, so the flag is set on every
-- insert as well as on every status change, by these triggers, whatever code writes the rows.
CREATE FUNCTION "order_item_week_may_hold_seat"("item_status" text, "order_status" text) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$
  SELECT item_status = 'active' AND order_status IN ('awaiting_payment', 'paid')
$$;--> statement-breakpoint
-- Sets `may_hold_seat` of every week link by the rule, writing only what changes: for this migration, the
-- years generator and a restore, which write rows past the triggers below.
CREATE FUNCTION "refresh_order_item_weeks_may_hold_seat"() RETURNS void LANGUAGE sql AS $$
  UPDATE "order_item_academy_weeks" l
  SET "may_hold_seat" = "order_item_week_may_hold_seat"(i.status::text, o.status::text)
  FROM "order_items" i JOIN "orders" o ON o.id = i.order_id
  WHERE l.order_item_id = i.id
    AND l.may_hold_seat IS DISTINCT FROM "order_item_week_may_hold_seat"(i.status::text, o.status::text)
$$;--> statement-breakpoint
CREATE FUNCTION "order_item_weeks_set_may_hold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "order_item_week_may_hold_seat"(i.status::text, o.status::text) INTO NEW.may_hold_seat
  FROM "order_items" i JOIN "orders" o ON o.id = i.order_id WHERE i.id = NEW.order_item_id;
  NEW.may_hold_seat := coalesce(NEW.may_hold_seat, false);
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- A link is written into a cart (false) or, by staff's and the generator's paths, into any order.
CREATE TRIGGER "order_item_weeks_set_may_hold" BEFORE INSERT OR UPDATE OF "order_item_id" ON "order_item_academy_weeks"
  FOR EACH ROW EXECUTE FUNCTION "order_item_weeks_set_may_hold"();--> statement-breakpoint
-- The triggers write the order's or the item's own links by index, with the status at hand. Migration
-- 0045's triggers passed their item ids to its refresh function, whose one statement (`item_ids IS NULL OR
-- i.id = ANY(item_ids)`) is planned for any argument: it read every item of the shop on each status change
-- (1.9 ms with 2,300 items, growing with the shop's history). This way a change costs about 0.1 ms.
CREATE FUNCTION "orders_refresh_week_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "order_item_academy_weeks" l
  SET "may_hold_seat" = "order_item_week_may_hold_seat"(i.status::text, NEW.status::text)
  FROM "order_items" i
  WHERE i.order_id = NEW.id AND l.order_item_id = i.id
    AND l.may_hold_seat IS DISTINCT FROM "order_item_week_may_hold_seat"(i.status::text, NEW.status::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Only a status change that crosses the rule runs it: a checkout (cart to awaiting payment), an expiry, a
-- revival by a late capture, a refund or a cancellation; a payment (awaiting payment to paid) does not.
CREATE TRIGGER "orders_refresh_week_links" AFTER UPDATE OF "status" ON "orders" FOR EACH ROW
  WHEN ("order_item_week_may_hold_seat"('active', OLD.status::text) IS DISTINCT FROM "order_item_week_may_hold_seat"('active', NEW.status::text))
  EXECUTE FUNCTION "orders_refresh_week_links"();--> statement-breakpoint
CREATE FUNCTION "order_items_refresh_week_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "order_item_academy_weeks" l
  SET "may_hold_seat" = "order_item_week_may_hold_seat"(NEW.status::text, o.status::text)
  FROM "orders" o
  WHERE o.id = NEW.order_id AND l.order_item_id = NEW.id
    AND l.may_hold_seat IS DISTINCT FROM "order_item_week_may_hold_seat"(NEW.status::text, o.status::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "order_items_refresh_week_links" AFTER UPDATE OF "status", "order_id" ON "order_items" FOR EACH ROW
  WHEN ("order_item_week_may_hold_seat"(OLD.status::text, 'paid') IS DISTINCT FROM "order_item_week_may_hold_seat"(NEW.status::text, 'paid') OR OLD.order_id IS DISTINCT FROM NEW.order_id)
  EXECUTE FUNCTION "order_items_refresh_week_links"();--> statement-breakpoint
-- The slots' triggers of migration 0045 (D419) the same way; its refresh function stays for a whole refresh.
CREATE OR REPLACE FUNCTION "orders_refresh_slot_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "order_item_slots" l
  SET "may_hold_seat" = "order_item_slot_may_hold_seat"(i.status::text, NEW.status::text)
  FROM "order_items" i
  WHERE i.order_id = NEW.id AND l.order_item_id = i.id
    AND l.may_hold_seat IS DISTINCT FROM "order_item_slot_may_hold_seat"(i.status::text, NEW.status::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_items_refresh_slot_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "order_item_slots" l
  SET "may_hold_seat" = "order_item_slot_may_hold_seat"(NEW.status::text, o.status::text)
  FROM "orders" o
  WHERE o.id = NEW.order_id AND l.order_item_id = NEW.id
    AND l.may_hold_seat IS DISTINCT FROM "order_item_slot_may_hold_seat"(NEW.status::text, o.status::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
SELECT "refresh_order_item_weeks_may_hold_seat"();
