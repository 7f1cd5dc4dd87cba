CREATE TYPE "public"."age_group" AS ENUM('5-7', '8-11', '10+', '12+', '14+');--> statement-breakpoint
CREATE TYPE "public"."instruction_language" AS ENUM('ru', 'en', 'de', 'bi', 'ru-en', 'de-en', 'de-ru');--> statement-breakpoint
CREATE TYPE "public"."product_type" AS ENUM('Course', 'Academy', 'Workshop', 'Event', 'BirthdayParty', 'GiftCard', 'SchoolOffer', 'SpecialOffer');--> statement-breakpoint
CREATE TYPE "public"."schedule_type" AS ENUM('Course (1 / week)', 'Course (2 / week)', 'Course (3 / week)', 'TERMINKARTEN', 'Academy (1st half)', 'Academy (2nd half)', 'Academy (full day)', 'Ticket', 'BirthdayPackage', 'GiftCard', 'Offer');--> statement-breakpoint
CREATE TYPE "public"."contact_request_kind" AS ENUM('appointment', 'callback', 'partnership');--> statement-breakpoint
CREATE TYPE "public"."mail_status" AS ENUM('pending', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."order_item_status" AS ENUM('active', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('cart', 'awaiting_payment', 'paid', 'cancelled', 'refunded', 'expired');--> statement-breakpoint
CREATE TYPE "public"."payment_gateway" AS ENUM('paypal', 'demo');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('created', 'approved', 'captured', 'failed', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."recurring_state" AS ENUM('none', 'pending', 'active', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."visit_request_kind" AS ENUM('trial', 'out', 'waiting');--> statement-breakpoint
CREATE TYPE "public"."locale" AS ENUM('de', 'ru');--> statement-breakpoint
CREATE TYPE "public"."social_provider" AS ENUM('google', 'facebook');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('customer', 'staff', 'admin');--> statement-breakpoint
CREATE TYPE "public"."user_token_purpose" AS ENUM('verify_email', 'password_reset');--> statement-breakpoint
CREATE TABLE "academy_seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "academy_weeks" (
	"id" serial PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"product_page_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"seats" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_pages_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "instructors" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"job" jsonb NOT NULL,
	"subject" jsonb NOT NULL,
	"bio" jsonb NOT NULL,
	"photo" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	CONSTRAINT "instructors_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "product_page_instructors" (
	"product_page_id" integer NOT NULL,
	"instructor_id" integer NOT NULL,
	CONSTRAINT "product_page_instructors_product_page_id_instructor_id_pk" PRIMARY KEY("product_page_id","instructor_id")
);
--> statement-breakpoint
CREATE TABLE "product_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"product_type" "product_type" NOT NULL,
	"name" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"program" jsonb NOT NULL,
	"seo_text" jsonb NOT NULL,
	"length" jsonb NOT NULL,
	"qna" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"student_works" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"title_image" jsonb,
	"background_image" jsonb,
	"age_group" "age_group" NOT NULL,
	"language" "instruction_language" NOT NULL,
	"category_id" integer,
	"location" text DEFAULT '' NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_page_id" integer NOT NULL,
	"schedule_type" "schedule_type" NOT NULL,
	"name" jsonb NOT NULL,
	"base_price_cents" integer NOT NULL,
	"number_of_meetings" integer,
	"meetings_per_week" integer,
	"is_recurring" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_page_id" integer NOT NULL,
	"weekday" integer,
	"date" date,
	"start" time NOT NULL,
	"end" time NOT NULL,
	"seats" integer NOT NULL,
	"instructor_id" integer
);
--> statement-breakpoint
CREATE TABLE "contact_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "contact_request_kind" NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"appointment_date" date,
	"locale" "locale" DEFAULT 'de' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"template" text NOT NULL,
	"locale" "locale" NOT NULL,
	"status" "mail_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"initial_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "order_item_academy_weeks" (
	"order_item_id" integer NOT NULL,
	"academy_week_id" integer NOT NULL,
	CONSTRAINT "order_item_academy_weeks_order_item_id_academy_week_id_pk" PRIMARY KEY("order_item_id","academy_week_id")
);
--> statement-breakpoint
CREATE TABLE "order_item_slots" (
	"order_item_id" integer NOT NULL,
	"schedule_slot_id" integer NOT NULL,
	CONSTRAINT "order_item_slots_order_item_id_schedule_slot_id_pk" PRIMARY KEY("order_item_id","schedule_slot_id")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_page_id" integer NOT NULL,
	"purchase_option_id" integer NOT NULL,
	"visitor_id" integer,
	"guest_visitor_ref" integer,
	"schedule_type" "schedule_type" NOT NULL,
	"calculated_price_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"academy_number_of_weeks" integer,
	"comment" text DEFAULT '' NOT NULL,
	"status" "order_item_status" DEFAULT 'active' NOT NULL,
	"recurring_state" "recurring_state" DEFAULT 'none' NOT NULL,
	"paypal_subscription_id" text,
	"checkin_code" text,
	"checked_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer,
	"status" "order_status" DEFAULT 'cart' NOT NULL,
	"promocode_id" integer,
	"gift_card_id" integer,
	"total_checkout_cents" integer DEFAULT 0 NOT NULL,
	"total_recurrent_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"reserved_until" timestamp with time zone,
	"payer_first_name" text DEFAULT '' NOT NULL,
	"payer_last_name" text DEFAULT '' NOT NULL,
	"paypal_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"gateway" "payment_gateway" NOT NULL,
	"gateway_order_id" text NOT NULL,
	"status" "payment_status" DEFAULT 'created' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"raw" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"captured_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "promocodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promocodes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "visit_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "visit_request_kind" NOT NULL,
	"product_page_id" integer NOT NULL,
	"user_id" integer,
	"children" jsonb NOT NULL,
	"adults" jsonb NOT NULL,
	"date" date,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "social_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" "social_provider" NOT NULL,
	"provider_user_id" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" "user_token_purpose" NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone_number" text DEFAULT '+' NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"post_code" text DEFAULT '' NOT NULL,
	"email_verified_at" timestamp with time zone,
	"role" "user_role" DEFAULT 'customer' NOT NULL,
	"locale" "locale" DEFAULT 'de' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitors" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birth_date" date,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "academy_weeks" ADD CONSTRAINT "academy_weeks_season_id_academy_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."academy_seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academy_weeks" ADD CONSTRAINT "academy_weeks_product_page_id_product_pages_id_fk" FOREIGN KEY ("product_page_id") REFERENCES "public"."product_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_page_instructors" ADD CONSTRAINT "product_page_instructors_product_page_id_product_pages_id_fk" FOREIGN KEY ("product_page_id") REFERENCES "public"."product_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_page_instructors" ADD CONSTRAINT "product_page_instructors_instructor_id_instructors_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_pages" ADD CONSTRAINT "product_pages_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_options" ADD CONSTRAINT "purchase_options_product_page_id_product_pages_id_fk" FOREIGN KEY ("product_page_id") REFERENCES "public"."product_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_slots" ADD CONSTRAINT "schedule_slots_product_page_id_product_pages_id_fk" FOREIGN KEY ("product_page_id") REFERENCES "public"."product_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_slots" ADD CONSTRAINT "schedule_slots_instructor_id_instructors_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_academy_weeks" ADD CONSTRAINT "order_item_academy_weeks_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_academy_weeks" ADD CONSTRAINT "order_item_academy_weeks_academy_week_id_academy_weeks_id_fk" FOREIGN KEY ("academy_week_id") REFERENCES "public"."academy_weeks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_slots" ADD CONSTRAINT "order_item_slots_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_slots" ADD CONSTRAINT "order_item_slots_schedule_slot_id_schedule_slots_id_fk" FOREIGN KEY ("schedule_slot_id") REFERENCES "public"."schedule_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_page_id_product_pages_id_fk" FOREIGN KEY ("product_page_id") REFERENCES "public"."product_pages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_purchase_option_id_purchase_options_id_fk" FOREIGN KEY ("purchase_option_id") REFERENCES "public"."purchase_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promocode_id_promocodes_id_fk" FOREIGN KEY ("promocode_id") REFERENCES "public"."promocodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_product_page_id_product_pages_id_fk" FOREIGN KEY ("product_page_id") REFERENCES "public"."product_pages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "academy_weeks_page_idx" ON "academy_weeks" USING btree ("product_page_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_pages_slug_idx" ON "product_pages" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "product_pages_type_idx" ON "product_pages" USING btree ("product_type","is_published","sort_order");--> statement-breakpoint
CREATE INDEX "product_pages_age_idx" ON "product_pages" USING btree ("age_group");--> statement-breakpoint
CREATE INDEX "product_pages_language_idx" ON "product_pages" USING btree ("language");--> statement-breakpoint
CREATE INDEX "product_pages_category_idx" ON "product_pages" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "purchase_options_page_idx" ON "purchase_options" USING btree ("product_page_id");--> statement-breakpoint
CREATE INDEX "schedule_slots_page_idx" ON "schedule_slots" USING btree ("product_page_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "order_item_weeks_week_idx" ON "order_item_academy_weeks" USING btree ("academy_week_id");--> statement-breakpoint
CREATE INDEX "order_item_slots_slot_idx" ON "order_item_slots" USING btree ("schedule_slot_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_visitor_idx" ON "order_items" USING btree ("visitor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_checkin_idx" ON "order_items" USING btree ("checkin_code");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_cart_id_idx" ON "orders" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "orders_user_status_idx" ON "orders" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "orders_status_reserved_idx" ON "orders" USING btree ("status","reserved_until");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_order_idx" ON "payments" USING btree ("gateway","gateway_order_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "visit_requests_page_kind_idx" ON "visit_requests" USING btree ("product_page_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_key_hash_idx" ON "auth_tokens" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "social_accounts_provider_idx" ON "social_accounts" USING btree ("provider","provider_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_tokens_hash_idx" ON "user_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "user_tokens_user_idx" ON "user_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "visitors_user_idx" ON "visitors" USING btree ("user_id");