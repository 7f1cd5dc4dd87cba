ALTER TABLE "gift_cards" ADD COLUMN "issued_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "issue_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_issued_by_user_id_users_id_fk" FOREIGN KEY ("issued_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;