CREATE TABLE "catalogue_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_version_single_row" CHECK ("catalogue_version"."id" = 1)
);--> statement-breakpoint
-- Hand-written (D81): every statement that changes the catalogue counts one up, in its own transaction.
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_pages_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_pages" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "purchase_options_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "purchase_options" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "schedule_slots_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "schedule_slots" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "academy_weeks_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "academy_weeks" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "academy_seasons_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "academy_seasons" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "instructors_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "instructors" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "categories_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "product_page_instructors_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_page_instructors" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
