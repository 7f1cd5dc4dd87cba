CREATE TABLE "visit_request_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_request_id" integer NOT NULL,
	"author_id" integer,
	"author_email" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "confirmed_slot_id" integer;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "confirmed_start" time;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "confirmed_end" time;--> statement-breakpoint
ALTER TABLE "visit_request_messages" ADD CONSTRAINT "visit_request_messages_visit_request_id_visit_requests_id_fk" FOREIGN KEY ("visit_request_id") REFERENCES "public"."visit_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_request_messages" ADD CONSTRAINT "visit_request_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_request_messages_request_idx" ON "visit_request_messages" USING btree ("visit_request_id","id");--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_confirmed_slot_id_schedule_slots_id_fk" FOREIGN KEY ("confirmed_slot_id") REFERENCES "public"."schedule_slots"("id") ON DELETE set null ON UPDATE no action;