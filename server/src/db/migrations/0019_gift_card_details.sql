ALTER TABLE "gift_cards" ADD COLUMN "recipient_name" text;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gift_card_details" jsonb;