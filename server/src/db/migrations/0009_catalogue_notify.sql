DROP TABLE "catalogue_version" CASCADE;--> statement-breakpoint
DROP FUNCTION "bump_catalogue_version"() CASCADE;--> statement-breakpoint
-- Hand-written (D85): any write to a table a catalogue reply shows (texts, prices, slots, weeks) or counts
-- seats from (orders, items and their units, waiting-list offers) notifies the channel when it commits.
-- Servers LISTEN on it and drop what they derived from the catalogue; a session gets its own
-- notifications before its COMMIT returns, so a server's own writes show on its very next request.
CREATE FUNCTION "notify_catalogue_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atelier_catalogue', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "product_pages_catalogue_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_pages" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "purchase_options_catalogue_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "purchase_options" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "schedule_slots_catalogue_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "schedule_slots" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "academy_weeks_catalogue_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "academy_weeks" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "academy_seasons_catalogue_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "academy_seasons" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "instructors_catalogue_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "instructors" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "categories_catalogue_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "product_page_instructors_catalogue_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_page_instructors" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "orders_catalogue_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "order_items_catalogue_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "order_items" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "order_item_slots_catalogue_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "order_item_slots" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "order_item_academy_weeks_catalogue_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "order_item_academy_weeks" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "waiting_list_entries_catalogue_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "waiting_list_entries" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();
