CREATE TYPE "public"."cancellation_kind" AS ENUM('ordinary', 'extraordinary');--> statement-breakpoint
CREATE TABLE "contract_cancellations" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" integer,
	"user_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"contract_ref" text NOT NULL,
	"kind" "cancellation_kind" NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"requested_end" text NOT NULL,
	"effective_at" timestamp with time zone,
	"locale" "locale" DEFAULT 'de' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_catalog" (
	"gateway" "payment_gateway" NOT NULL,
	"key" text NOT NULL,
	"gateway_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_pauses" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_page_id" integer,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_pauses_dates_check" CHECK ("subscription_pauses"."ends_on" >= "subscription_pauses"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "subscription_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"gateway" "payment_gateway" NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_payments_amount_check" CHECK ("subscription_payments"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"cancel_at" timestamp with time zone,
	"cancel_reason" text,
	"gateway_subscription_id" text,
	"autopay" "recurring_state" DEFAULT 'none' NOT NULL,
	"autopay_changed_at" timestamp with time zone,
	"gateway_cancel_due" boolean DEFAULT false NOT NULL,
	"renewal_token" text,
	"renewal_for" timestamp with time zone,
	"renewal_order_id" text,
	"renewal_approve_url" text,
	"renewal_opened_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_period_check" CHECK ("subscriptions"."period_end" > "subscriptions"."period_start")
);
--> statement-breakpoint
ALTER TABLE "contract_cancellations" ADD CONSTRAINT "contract_cancellations_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_cancellations" ADD CONSTRAINT "contract_cancellations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_pauses" ADD CONSTRAINT "subscription_pauses_product_page_id_product_pages_id_fk" FOREIGN KEY ("product_page_id") REFERENCES "public"."product_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_cancellations_item_idx" ON "contract_cancellations" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_catalog_key_idx" ON "gateway_catalog" USING btree ("gateway","key");--> statement-breakpoint
CREATE INDEX "subscription_pauses_page_idx" ON "subscription_pauses" USING btree ("product_page_id","ends_on");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_payments_reference_idx" ON "subscription_payments" USING btree ("gateway","reference");--> statement-breakpoint
CREATE INDEX "subscription_payments_subscription_idx" ON "subscription_payments" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_item_idx" ON "subscriptions" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_gateway_idx" ON "subscriptions" USING btree ("gateway_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_renewal_order_idx" ON "subscriptions" USING btree ("renewal_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_renewal_token_idx" ON "subscriptions" USING btree ("renewal_token");--> statement-breakpoint
CREATE INDEX "subscriptions_status_end_idx" ON "subscriptions" USING btree ("status","period_end");