ALTER TABLE "purchase_options" ADD COLUMN "max_children" integer;--> statement-breakpoint
ALTER TABLE "purchase_options" ADD CONSTRAINT "purchase_options_max_children_check" CHECK ("purchase_options"."max_children" is null or "purchase_options"."max_children" between 1 and 30);--> statement-breakpoint
-- A birthday package's most children lived only in its name ("Basis: 2 Stunden, bis 8 Kinder" / "до 8 детей"):
-- the number before "Kinder" (German name) or, failing that, before "детей"/"ребёнка" (Russian) becomes the
-- field. A name without a number in figures stays without a limit, for staff to set.
UPDATE "purchase_options" SET "max_children" = found.n
FROM (
  SELECT "id", COALESCE(
    substring(lower("name"->>'de') from '(\d{1,2})\s*kinder')::int,
    substring(lower("name"->>'ru') from '(\d{1,2})\s*(?:дет|ребён|ребен)')::int
  ) AS n
  FROM "purchase_options" WHERE "schedule_type" = 'BirthdayPackage' AND "max_children" IS NULL
) AS found
WHERE "purchase_options"."id" = found."id" AND found.n BETWEEN 1 AND 30;
