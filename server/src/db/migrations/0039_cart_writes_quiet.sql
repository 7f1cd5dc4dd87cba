-- Hand-written (D386): a cart's own writes no longer notify the catalogue channel. Migration 0009 (D85)
-- notified on every write to the order tables, because paid and reserved items count seats; but an item in
-- a cart (an order in status 'cart') holds no seat, so nothing the catalogue shows changes with it. Every
-- cart add, change and reprice notified all the same: each commit took PostgreSQL's global notify lock (the
-- commits of all cart writes queued one behind the other) and woke every listening connection of every
-- server, which then threw away its catalogue epoch. Now a write to orders, order_items or their slots and
-- weeks notifies only when a row it touches belongs to an order that is not a cart (before or after the
-- write); an order turning from cart into awaiting_payment (checkout) or back, and every paid order's change,
-- still notify. A link or item whose order is gone in the same statement (a cascade) was decided by the
-- trigger of the row deleted first. TRUNCATE still notifies.
DROP TRIGGER "orders_catalogue_change" ON "orders";--> statement-breakpoint
CREATE FUNCTION "notify_orders_seat_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each transition table is read only where its event has it (a query is planned when first reached).
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF EXISTS (SELECT 1 FROM new_rows WHERE status <> 'cart') THEN
      PERFORM pg_notify('atelier_catalogue', '');
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF EXISTS (SELECT 1 FROM old_rows WHERE status <> 'cart') THEN
      PERFORM pg_notify('atelier_catalogue', '');
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "orders_seat_change_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_orders_seat_change"();--> statement-breakpoint
CREATE TRIGGER "orders_seat_change_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_orders_seat_change"();--> statement-breakpoint
CREATE TRIGGER "orders_seat_change_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_orders_seat_change"();--> statement-breakpoint
CREATE TRIGGER "orders_catalogue_change" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();--> statement-breakpoint
DROP TRIGGER "order_items_catalogue_change" ON "order_items";--> statement-breakpoint
CREATE FUNCTION "notify_order_items_seat_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each transition table is read only where its event has it (a query is planned when first reached).
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF EXISTS (SELECT 1 FROM new_rows r JOIN orders o ON o.id = r.order_id WHERE o.status <> 'cart') THEN
      PERFORM pg_notify('atelier_catalogue', '');
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF EXISTS (SELECT 1 FROM old_rows r JOIN orders o ON o.id = r.order_id WHERE o.status <> 'cart') THEN
      PERFORM pg_notify('atelier_catalogue', '');
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "order_items_seat_change_insert" AFTER INSERT ON "order_items" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_order_items_seat_change"();--> statement-breakpoint
CREATE TRIGGER "order_items_seat_change_update" AFTER UPDATE ON "order_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_order_items_seat_change"();--> statement-breakpoint
CREATE TRIGGER "order_items_seat_change_delete" AFTER DELETE ON "order_items" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_order_items_seat_change"();--> statement-breakpoint
CREATE TRIGGER "order_items_catalogue_change" AFTER TRUNCATE ON "order_items" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();--> statement-breakpoint
DROP TRIGGER "order_item_slots_catalogue_change" ON "order_item_slots";--> statement-breakpoint
CREATE FUNCTION "notify_order_item_slots_seat_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each transition table is read only where its event has it (a query is planned when first reached).
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF EXISTS (SELECT 1 FROM new_rows r JOIN order_items i ON i.id = r.order_item_id JOIN orders o ON o.id = i.order_id WHERE o.status <> 'cart') THEN
      PERFORM pg_notify('atelier_catalogue', '');
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF EXISTS (SELECT 1 FROM old_rows r JOIN order_items i ON i.id = r.order_item_id JOIN orders o ON o.id = i.order_id WHERE o.status <> 'cart') THEN
      PERFORM pg_notify('atelier_catalogue', '');
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "order_item_slots_seat_change_insert" AFTER INSERT ON "order_item_slots" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_order_item_slots_seat_change"();--> statement-breakpoint
CREATE TRIGGER "order_item_slots_seat_change_update" AFTER UPDATE ON "order_item_slots" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_order_item_slots_seat_change"();--> statement-breakpoint
CREATE TRIGGER "order_item_slots_seat_change_delete" AFTER DELETE ON "order_item_slots" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_order_item_slots_seat_change"();--> statement-breakpoint
CREATE TRIGGER "order_item_slots_catalogue_change" AFTER TRUNCATE ON "order_item_slots" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();--> statement-breakpoint
DROP TRIGGER "order_item_academy_weeks_catalogue_change" ON "order_item_academy_weeks";--> statement-breakpoint
CREATE FUNCTION "notify_order_item_academy_weeks_seat_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each transition table is read only where its event has it (a query is planned when first reached).
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF EXISTS (SELECT 1 FROM new_rows r JOIN order_items i ON i.id = r.order_item_id JOIN orders o ON o.id = i.order_id WHERE o.status <> 'cart') THEN
      PERFORM pg_notify('atelier_catalogue', '');
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF EXISTS (SELECT 1 FROM old_rows r JOIN order_items i ON i.id = r.order_item_id JOIN orders o ON o.id = i.order_id WHERE o.status <> 'cart') THEN
      PERFORM pg_notify('atelier_catalogue', '');
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "order_item_academy_weeks_seat_change_insert" AFTER INSERT ON "order_item_academy_weeks" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_order_item_academy_weeks_seat_change"();--> statement-breakpoint
CREATE TRIGGER "order_item_academy_weeks_seat_change_update" AFTER UPDATE ON "order_item_academy_weeks" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_order_item_academy_weeks_seat_change"();--> statement-breakpoint
CREATE TRIGGER "order_item_academy_weeks_seat_change_delete" AFTER DELETE ON "order_item_academy_weeks" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_order_item_academy_weeks_seat_change"();--> statement-breakpoint
CREATE TRIGGER "order_item_academy_weeks_catalogue_change" AFTER TRUNCATE ON "order_item_academy_weeks" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();--> statement-breakpoint
-- Removing a cart's item runs the foreign key's "set null" on waiting_list_entries, an UPDATE of no row that
-- still fires its statement trigger: the list's trigger now notifies only when a row was written.
DROP TRIGGER "waiting_list_entries_catalogue_change" ON "waiting_list_entries";--> statement-breakpoint
CREATE FUNCTION "notify_waiting_list_entries_seat_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF EXISTS (SELECT 1 FROM new_rows) THEN
      PERFORM pg_notify('atelier_catalogue', '');
    END IF;
  ELSIF EXISTS (SELECT 1 FROM old_rows) THEN
    PERFORM pg_notify('atelier_catalogue', '');
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "waiting_list_entries_seat_change_insert" AFTER INSERT ON "waiting_list_entries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_waiting_list_entries_seat_change"();--> statement-breakpoint
CREATE TRIGGER "waiting_list_entries_seat_change_update" AFTER UPDATE ON "waiting_list_entries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_waiting_list_entries_seat_change"();--> statement-breakpoint
CREATE TRIGGER "waiting_list_entries_seat_change_delete" AFTER DELETE ON "waiting_list_entries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_waiting_list_entries_seat_change"();--> statement-breakpoint
CREATE TRIGGER "waiting_list_entries_catalogue_change" AFTER TRUNCATE ON "waiting_list_entries" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();
