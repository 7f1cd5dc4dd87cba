ALTER TYPE "public"."order_item_status" ADD VALUE 'frozen' BEFORE 'cancelled';--> statement-breakpoint
ALTER TYPE "public"."recurring_state" ADD VALUE 'suspended' BEFORE 'cancelled';--> statement-breakpoint
CREATE TABLE "promocode_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"promocode_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"discount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promocode_redemptions_discount_check" CHECK ("promocode_redemptions"."discount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "gift_cards" DROP CONSTRAINT "gift_cards_code_unique";--> statement-breakpoint
ALTER TABLE "promocodes" DROP CONSTRAINT "promocodes_code_unique";--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_purchase_option_id_purchase_options_id_fk";
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_visitor_id_visitors_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'cart'::text;--> statement-breakpoint
DROP TYPE "public"."order_status";--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('cart', 'awaiting_payment', 'paid', 'declined', 'expired', 'cancelled', 'refunded');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'cart'::"public"."order_status";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DATA TYPE "public"."order_status" USING "status"::"public"."order_status";--> statement-breakpoint
DROP INDEX "users_phone_idx";--> statement-breakpoint
ALTER TABLE "visitors" ALTER COLUMN "birth_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sibling_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "promocode_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "recurrent_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "recurrent_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locale" "locale" DEFAULT 'de' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_card_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "staged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promocodes" ADD COLUMN "max_uses_per_user" integer;--> statement-breakpoint
ALTER TABLE "promocodes" ADD COLUMN "min_total_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promocodes" ADD COLUMN "product_types" "product_type"[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "promocodes" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "promocode_redemptions" ADD CONSTRAINT "promocode_redemptions_promocode_id_promocodes_id_fk" FOREIGN KEY ("promocode_id") REFERENCES "public"."promocodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promocode_redemptions" ADD CONSTRAINT "promocode_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promocode_redemptions" ADD CONSTRAINT "promocode_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promocode_redemptions_order_idx" ON "promocode_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "promocode_redemptions_code_idx" ON "promocode_redemptions" USING btree ("promocode_id");--> statement-breakpoint
ALTER TABLE "purchase_options" ADD CONSTRAINT "purchase_options_id_page_key" UNIQUE("id","product_page_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_option_of_page_fk" FOREIGN KEY ("purchase_option_id","product_page_id") REFERENCES "public"."purchase_options"("id","product_page_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code_lower_idx" ON "gift_cards" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_paypal_subscription_idx" ON "order_items" USING btree ("paypal_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_cart_per_user_idx" ON "orders" USING btree ("user_id") WHERE "orders"."status" = 'cart';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_paypal_id_idx" ON "orders" USING btree ("paypal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promocodes_code_lower_idx" ON "promocodes" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_unique_idx" ON "users" USING btree ("phone_number") WHERE "users"."phone_number" <> '+';--> statement-breakpoint
ALTER TABLE "order_items" DROP COLUMN "discount_cents";--> statement-breakpoint
ALTER TABLE "promocodes" DROP COLUMN "used_count";--> statement-breakpoint
ALTER TABLE "academy_weeks" ADD CONSTRAINT "academy_weeks_seats_check" CHECK ("academy_weeks"."seats" >= 0);--> statement-breakpoint
ALTER TABLE "academy_weeks" ADD CONSTRAINT "academy_weeks_dates_check" CHECK ("academy_weeks"."starts_on" <= "academy_weeks"."ends_on");--> statement-breakpoint
ALTER TABLE "purchase_options" ADD CONSTRAINT "purchase_options_price_check" CHECK ("purchase_options"."base_price_cents" >= 0);--> statement-breakpoint
ALTER TABLE "purchase_options" ADD CONSTRAINT "purchase_options_meetings_check" CHECK ("purchase_options"."number_of_meetings" is null or "purchase_options"."number_of_meetings" > 0);--> statement-breakpoint
ALTER TABLE "purchase_options" ADD CONSTRAINT "purchase_options_per_week_check" CHECK ("purchase_options"."meetings_per_week" is null or "purchase_options"."meetings_per_week" between 1 and 7);--> statement-breakpoint
ALTER TABLE "schedule_slots" ADD CONSTRAINT "schedule_slots_seats_check" CHECK ("schedule_slots"."seats" >= 0);--> statement-breakpoint
ALTER TABLE "schedule_slots" ADD CONSTRAINT "schedule_slots_weekday_check" CHECK ("schedule_slots"."weekday" between 0 and 6);--> statement-breakpoint
ALTER TABLE "schedule_slots" ADD CONSTRAINT "schedule_slots_weekday_or_date_check" CHECK (("schedule_slots"."weekday" is null) <> ("schedule_slots"."date" is null));--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_initial_check" CHECK ("gift_cards"."initial_cents" > 0);--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_balance_check" CHECK ("gift_cards"."balance_cents" between 0 and "gift_cards"."initial_cents");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_visitor_check" CHECK (not ("order_items"."visitor_id" is not null and "order_items"."guest_visitor_ref" is not null) and ("order_items"."schedule_type" = 'GiftCard' or "order_items"."visitor_id" is not null or "order_items"."guest_visitor_ref" is not null));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_guest_ref_check" CHECK ("order_items"."guest_visitor_ref" is null or "order_items"."guest_visitor_ref" > 0);--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_money_check" CHECK ("order_items"."calculated_price_cents" >= 0 and "order_items"."sibling_discount_cents" >= 0 and "order_items"."promocode_discount_cents" >= 0 and "order_items"."sibling_discount_cents" + "order_items"."promocode_discount_cents" <= "order_items"."calculated_price_cents" and "order_items"."recurrent_price_cents" >= 0 and "order_items"."recurrent_discount_cents" between 0 and "order_items"."recurrent_price_cents");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_weeks_check" CHECK ("order_items"."academy_number_of_weeks" is null or "order_items"."academy_number_of_weeks" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_check" CHECK ("orders"."total_price_cents" >= 0 and "orders"."discount_cents" >= 0 and "orders"."gift_card_cents" >= 0 and "orders"."total_checkout_cents" >= 0 and "orders"."total_recurrent_cents" >= 0);--> statement-breakpoint
ALTER TABLE "promocodes" ADD CONSTRAINT "promocodes_percent_check" CHECK ("promocodes"."percent_off" between 1 and 100);--> statement-breakpoint
ALTER TABLE "promocodes" ADD CONSTRAINT "promocodes_amount_check" CHECK ("promocodes"."amount_off_cents" > 0);--> statement-breakpoint
ALTER TABLE "promocodes" ADD CONSTRAINT "promocodes_one_kind_check" CHECK (("promocodes"."percent_off" is null) <> ("promocodes"."amount_off_cents" is null));--> statement-breakpoint
ALTER TABLE "promocodes" ADD CONSTRAINT "promocodes_max_uses_check" CHECK ("promocodes"."max_uses" is null or "promocodes"."max_uses" >= 0);--> statement-breakpoint
ALTER TABLE "promocodes" ADD CONSTRAINT "promocodes_min_total_check" CHECK ("promocodes"."min_total_cents" >= 0);