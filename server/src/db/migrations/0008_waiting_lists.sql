CREATE TYPE "public"."waiting_entry_status" AS ENUM('waiting', 'offered', 'booked', 'passed', 'left');--> statement-breakpoint
CREATE TABLE "waiting_list_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"visitor_id" integer NOT NULL,
	"product_page_id" integer NOT NULL,
	"purchase_option_id" integer NOT NULL,
	"schedule_slot_id" integer,
	"academy_week_id" integer,
	"status" "waiting_entry_status" DEFAULT 'waiting' NOT NULL,
	"locale" "locale" NOT NULL,
	"offer_token" text,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"order_item_id" integer,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_list_one_unit_check" CHECK (("waiting_list_entries"."schedule_slot_id" is null) <> ("waiting_list_entries"."academy_week_id" is null))
);
--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_product_page_id_product_pages_id_fk" FOREIGN KEY ("product_page_id") REFERENCES "public"."product_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_purchase_option_id_purchase_options_id_fk" FOREIGN KEY ("purchase_option_id") REFERENCES "public"."purchase_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_schedule_slot_id_schedule_slots_id_fk" FOREIGN KEY ("schedule_slot_id") REFERENCES "public"."schedule_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_academy_week_id_academy_weeks_id_fk" FOREIGN KEY ("academy_week_id") REFERENCES "public"."academy_weeks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_offer_token_idx" ON "waiting_list_entries" USING btree ("offer_token");--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_open_slot_idx" ON "waiting_list_entries" USING btree ("visitor_id","schedule_slot_id") WHERE "waiting_list_entries"."status" in ('waiting', 'offered') and "waiting_list_entries"."schedule_slot_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_open_week_idx" ON "waiting_list_entries" USING btree ("visitor_id","academy_week_id") WHERE "waiting_list_entries"."status" in ('waiting', 'offered') and "waiting_list_entries"."academy_week_id" is not null;--> statement-breakpoint
CREATE INDEX "waiting_list_user_idx" ON "waiting_list_entries" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "waiting_list_open_idx" ON "waiting_list_entries" USING btree ("status","schedule_slot_id","academy_week_id","id") WHERE "waiting_list_entries"."status" in ('waiting', 'offered');