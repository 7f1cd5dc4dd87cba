ALTER TYPE "public"."user_role" ADD VALUE 'instructor';--> statement-breakpoint
CREATE TABLE "instructor_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot_id" integer NOT NULL,
	"lesson_date" date NOT NULL,
	"instructor_id" integer NOT NULL,
	"user_id" integer,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instructor_reports_status_check" CHECK ("instructor_reports"."status" in ('open', 'done'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "instructor_id" integer;--> statement-breakpoint
ALTER TABLE "instructor_reports" ADD CONSTRAINT "instructor_reports_slot_id_schedule_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."schedule_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_reports" ADD CONSTRAINT "instructor_reports_instructor_id_instructors_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_reports" ADD CONSTRAINT "instructor_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "instructor_reports_lesson_idx" ON "instructor_reports" USING btree ("slot_id","lesson_date","instructor_id");--> statement-breakpoint
CREATE INDEX "instructor_reports_status_idx" ON "instructor_reports" USING btree ("status");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_instructor_id_instructors_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructors"("id") ON DELETE set null ON UPDATE no action;