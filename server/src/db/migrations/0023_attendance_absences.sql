ALTER TYPE "public"."audit_action" ADD VALUE 'export';--> statement-breakpoint
CREATE TABLE "attendance_absences" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL,
	"lesson_date" date NOT NULL,
	"marked_by" integer,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance_absences" ADD CONSTRAINT "attendance_absences_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_absences" ADD CONSTRAINT "attendance_absences_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_absences_item_date_idx" ON "attendance_absences" USING btree ("order_item_id","lesson_date");--> statement-breakpoint
CREATE INDEX "attendance_absences_date_idx" ON "attendance_absences" USING btree ("lesson_date");