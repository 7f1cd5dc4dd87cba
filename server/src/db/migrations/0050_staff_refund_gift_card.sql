ALTER TYPE "public"."gift_card_ledger_kind" ADD VALUE 'staff_refund';--> statement-breakpoint
ALTER TABLE "staff_refunds" DROP CONSTRAINT "staff_refunds_amount_check";--> statement-breakpoint
ALTER TABLE "staff_refunds" ADD COLUMN "gift_card_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_refunds" ADD CONSTRAINT "staff_refunds_money_check" CHECK ("staff_refunds"."amount_cents" >= 0 and "staff_refunds"."gift_card_cents" >= 0 and ("staff_refunds"."amount_cents" + "staff_refunds"."gift_card_cents" > 0 or "staff_refunds"."cancel_item"));