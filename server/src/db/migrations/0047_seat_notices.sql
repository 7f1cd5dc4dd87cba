-- Hand-written (D444): a write that changes only seats (a booking of an order that is not a cart, a
-- waiting list's entry) notifies the catalogue channel with the payload 'seats'; a write to the catalogue's
-- own tables (pages, options, slots, weeks, houses, closures, texts) and every TRUNCATE still notify with an
-- empty one. The catalogue shows seats and listens to both; what shows no seats of others (a cart's kept
-- reply, a family's history, the add's page and option) need not be made anew for a seat taken elsewhere.
-- The functions are those of migration 0039 with the payload changed; their triggers stay as they are.
CREATE OR REPLACE FUNCTION "notify_orders_seat_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each transition table is read only where its event has it (a query is planned when first reached).
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF EXISTS (SELECT 1 FROM new_rows WHERE status <> 'cart') THEN
      PERFORM pg_notify('atelier_catalogue', 'seats');
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF EXISTS (SELECT 1 FROM old_rows WHERE status <> 'cart') THEN
      PERFORM pg_notify('atelier_catalogue', 'seats');
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_order_items_seat_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each transition table is read only where its event has it (a query is planned when first reached).
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF EXISTS (SELECT 1 FROM new_rows r JOIN orders o ON o.id = r.order_id WHERE o.status <> 'cart') THEN
      PERFORM pg_notify('atelier_catalogue', 'seats');
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF EXISTS (SELECT 1 FROM old_rows r JOIN orders o ON o.id = r.order_id WHERE o.status <> 'cart') THEN
      PERFORM pg_notify('atelier_catalogue', 'seats');
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_order_item_slots_seat_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each transition table is read only where its event has it (a query is planned when first reached).
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF EXISTS (SELECT 1 FROM new_rows r JOIN order_items i ON i.id = r.order_item_id JOIN orders o ON o.id = i.order_id WHERE o.status <> 'cart') THEN
      PERFORM pg_notify('atelier_catalogue', 'seats');
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF EXISTS (SELECT 1 FROM old_rows r JOIN order_items i ON i.id = r.order_item_id JOIN orders o ON o.id = i.order_id WHERE o.status <> 'cart') THEN
      PERFORM pg_notify('atelier_catalogue', 'seats');
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_order_item_academy_weeks_seat_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each transition table is read only where its event has it (a query is planned when first reached).
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF EXISTS (SELECT 1 FROM new_rows r JOIN order_items i ON i.id = r.order_item_id JOIN orders o ON o.id = i.order_id WHERE o.status <> 'cart') THEN
      PERFORM pg_notify('atelier_catalogue', 'seats');
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF EXISTS (SELECT 1 FROM old_rows r JOIN order_items i ON i.id = r.order_item_id JOIN orders o ON o.id = i.order_id WHERE o.status <> 'cart') THEN
      PERFORM pg_notify('atelier_catalogue', 'seats');
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_waiting_list_entries_seat_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF EXISTS (SELECT 1 FROM new_rows) THEN
      PERFORM pg_notify('atelier_catalogue', 'seats');
    END IF;
  ELSIF EXISTS (SELECT 1 FROM old_rows) THEN
    PERFORM pg_notify('atelier_catalogue', 'seats');
  END IF;
  RETURN NULL;
END;
$$;
