CREATE TABLE "closures" (
	"id" serial PRIMARY KEY NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"name" jsonb NOT NULL,
	CONSTRAINT "closures_range_check" CHECK ("closures"."ends_on" >= "closures"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "schedule_slots" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "closures_ends_on_idx" ON "closures" USING btree ("ends_on");