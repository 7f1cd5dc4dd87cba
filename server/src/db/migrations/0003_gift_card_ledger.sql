CREATE TYPE "public"."gift_card_ledger_kind" AS ENUM('issue', 'redeem', 'release');--> statement-breakpoint
CREATE TABLE "gift_card_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"gift_card_id" integer NOT NULL,
	"order_id" integer,
	"attempt" integer DEFAULT 0 NOT NULL,
	"kind" "gift_card_ledger_kind" NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_ledger_amount_check" CHECK ("gift_card_ledger"."amount_cents" <> 0)
);
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "order_item_id" integer;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "buyer_user_id" integer;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "locale" "locale" DEFAULT 'de' NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card_ledger" ADD CONSTRAINT "gift_card_ledger_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_ledger_once_idx" ON "gift_card_ledger" USING btree ("gift_card_id","order_id","attempt","kind");--> statement-breakpoint
CREATE INDEX "gift_card_ledger_order_idx" ON "gift_card_ledger" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_order_item_idx" ON "gift_cards" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "gift_cards_buyer_idx" ON "gift_cards" USING btree ("buyer_user_id");