CREATE TABLE "absence_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"order_item_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cancelled_lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_slot_id" integer NOT NULL,
	"lesson_date" date NOT NULL,
	"reason_de" text NOT NULL,
	"reason_ru" text NOT NULL,
	"cancelled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_absences" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL,
	"lesson_date" date NOT NULL,
	"schedule_slot_id" integer,
	"reported_by" integer,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"mail_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"reminders_off" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_settings_one_row" CHECK ("lesson_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "makeup_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_id" integer NOT NULL,
	"visitor_id" integer,
	"schedule_slot_id" integer NOT NULL,
	"lesson_date" date NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "makeup_credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"visitor_id" integer,
	"product_page_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"reason" text NOT NULL,
	"source_date" date NOT NULL,
	"expires_on" date NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "makeup_credits_reason_check" CHECK ("makeup_credits"."reason" in ('absence', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "product_pages" ADD COLUMN "makeup_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_pages" ADD COLUMN "absence_cutoff_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_pages" ADD COLUMN "credit_valid_days" integer DEFAULT 56 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_pages" ADD COLUMN "credits_per_month" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_pages" ADD COLUMN "cancelled_lesson_outcome" text DEFAULT 'credit' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_pages" ADD COLUMN "what_to_bring" jsonb DEFAULT '{"de":"","ru":""}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_pages" ADD COLUMN "makeup_group" text;--> statement-breakpoint
ALTER TABLE "absence_links" ADD CONSTRAINT "absence_links_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancelled_lessons" ADD CONSTRAINT "cancelled_lessons_schedule_slot_id_schedule_slots_id_fk" FOREIGN KEY ("schedule_slot_id") REFERENCES "public"."schedule_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancelled_lessons" ADD CONSTRAINT "cancelled_lessons_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_absences" ADD CONSTRAINT "lesson_absences_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_absences" ADD CONSTRAINT "lesson_absences_schedule_slot_id_schedule_slots_id_fk" FOREIGN KEY ("schedule_slot_id") REFERENCES "public"."schedule_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_absences" ADD CONSTRAINT "lesson_absences_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_reminders" ADD CONSTRAINT "lesson_reminders_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_bookings" ADD CONSTRAINT "makeup_bookings_credit_id_makeup_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."makeup_credits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_bookings" ADD CONSTRAINT "makeup_bookings_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_bookings" ADD CONSTRAINT "makeup_bookings_schedule_slot_id_schedule_slots_id_fk" FOREIGN KEY ("schedule_slot_id") REFERENCES "public"."schedule_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_product_page_id_product_pages_id_fk" FOREIGN KEY ("product_page_id") REFERENCES "public"."product_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "absence_links_token_idx" ON "absence_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "cancelled_lessons_slot_date_idx" ON "cancelled_lessons" USING btree ("schedule_slot_id","lesson_date");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_absences_item_date_idx" ON "lesson_absences" USING btree ("order_item_id","lesson_date");--> statement-breakpoint
CREATE INDEX "lesson_absences_date_idx" ON "lesson_absences" USING btree ("lesson_date");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_reminders_key_idx" ON "lesson_reminders" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "makeup_bookings_credit_idx" ON "makeup_bookings" USING btree ("credit_id") WHERE "makeup_bookings"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "makeup_bookings_slot_date_idx" ON "makeup_bookings" USING btree ("schedule_slot_id","lesson_date");--> statement-breakpoint
CREATE UNIQUE INDEX "makeup_credits_item_date_idx" ON "makeup_credits" USING btree ("order_item_id","source_date");--> statement-breakpoint
CREATE INDEX "makeup_credits_user_idx" ON "makeup_credits" USING btree ("user_id");