ALTER TABLE "instructors" ADD COLUMN "first_name_ru" text;--> statement-breakpoint
ALTER TABLE "instructors" ADD COLUMN "last_name_ru" text;