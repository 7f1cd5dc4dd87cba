CREATE TABLE "party_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"product_page_id" integer NOT NULL,
	"purchase_option_id" integer NOT NULL,
	"dates" jsonb NOT NULL,
	"children_count" integer NOT NULL,
	"ages" jsonb NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"locale" "locale" DEFAULT 'de' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"handler_id" integer,
	"confirmed_date" date,
	"order_id" integer,
	"declined_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "party_requests_children_check" CHECK ("party_requests"."children_count" between 1 and 30)
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"request_id" uuid NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "party_requests" ADD CONSTRAINT "party_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_requests" ADD CONSTRAINT "party_requests_product_page_id_product_pages_id_fk" FOREIGN KEY ("product_page_id") REFERENCES "public"."product_pages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_requests" ADD CONSTRAINT "party_requests_handler_id_users_id_fk" FOREIGN KEY ("handler_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_requests" ADD CONSTRAINT "party_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "party_requests_user_idx" ON "party_requests" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "party_requests_order_idx" ON "party_requests" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_order_idx" ON "payment_links" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_token_idx" ON "payment_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_request_idx" ON "payment_links" USING btree ("request_id");