CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"street" text NOT NULL,
	"post_code" text NOT NULL,
	"city" text NOT NULL,
	"map_url" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "closures" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "product_pages" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_pages" ADD CONSTRAINT "product_pages_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_pages_location_idx" ON "product_pages" USING btree ("location_id");--> statement-breakpoint
-- Hand-written (D151): the houses that the free-text locations name become rows, and pages and closures
-- point at them. A house is created only where existing pages or closures name its street (a new
-- database gets its houses from the seed); a text that names no house leaves the page without one and
-- the closure for every house, as an empty text did.
INSERT INTO "locations" ("name", "street", "post_code", "city", "map_url", "sort_order")
SELECT v.name::jsonb, v.street, v.post_code, v.city, v.map_url, v.sort_order
FROM (VALUES
  ('{"de":"Atelier Prenzlauer Berg","ru":"«Ателье» в Пренцлауэр-Берге"}', 'Kastanienallee 12', '10435', 'Berlin',
   'https://www.openstreetmap.org/search?query=Kastanienallee%2012%2C%2010435%20Berlin', 1),
  ('{"de":"Atelier Charlottenburg","ru":"«Ателье» в Шарлоттенбурге"}', 'Wilmersdorfer Straße 85', '10629', 'Berlin',
   'https://www.openstreetmap.org/search?query=Wilmersdorfer%20Stra%C3%9Fe%2085%2C%2010629%20Berlin', 2)
) AS v(name, street, post_code, city, map_url, sort_order)
WHERE EXISTS (SELECT 1 FROM "product_pages" p WHERE strpos(p."location", v.street) > 0)
   OR EXISTS (SELECT 1 FROM "closures" c WHERE strpos(c."location", v.street) > 0);--> statement-breakpoint
UPDATE "product_pages" p SET "location_id" = l."id" FROM "locations" l WHERE strpos(p."location", l."street") > 0;--> statement-breakpoint
UPDATE "closures" c SET "location_id" = l."id" FROM "locations" l WHERE strpos(c."location", l."street") > 0;--> statement-breakpoint
ALTER TABLE "closures" DROP COLUMN "location";--> statement-breakpoint
-- Cards show their house: a write to the houses ends the catalogue's epoch (D85).
CREATE TRIGGER "locations_catalogue_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "locations" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();