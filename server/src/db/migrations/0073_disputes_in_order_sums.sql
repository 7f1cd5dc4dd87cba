-- Hand-written: what the bank or PayPal took back for good from a payment (a lost Stripe dispute, a PayPal
-- capture reversed: `payment_disputes.taken_cents`) is given back at the gateway as a refund is. The order's
-- `payments_refunded_cents` (D502) counts it, so the back office's payment state reads "partly refunded" or
-- "refunded" and the order no longer counts that money received; the state's rule and its index are
-- unchanged. A trigger on `payment_disputes` sums the order of its payment again, as those of payments do.
CREATE OR REPLACE FUNCTION "refresh_order_payment_sums"("order_ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF order_ids IS NULL THEN
    order_ids := ARRAY(SELECT id FROM "orders");
  ELSE
    PERFORM 1 FROM "orders" WHERE id = ANY(order_ids) ORDER BY id FOR UPDATE;
  END IF;
  UPDATE "orders" o
  SET "payments_captured_cents" = s.captured,
    "payments_refunded_cents" = s.refunded,
    "gift_card_returned_cents" = s.returned
  FROM (
    SELECT x.id,
      coalesce((SELECT sum(p.amount_cents) FROM "payments" p WHERE p.order_id = x.id AND p.capture_id IS NOT NULL), 0)::int AS captured,
      (coalesce((SELECT sum(p.refunded_cents) FROM "payments" p WHERE p.order_id = x.id), 0)
        + coalesce((SELECT sum(d.taken_cents) FROM "payment_disputes" d JOIN "payments" p ON p.id = d.payment_id WHERE p.order_id = x.id), 0))::int AS refunded,
      (coalesce((SELECT sum(w.gift_card_cents) FROM "withdrawals" w WHERE w.order_id = x.id), 0)
        + coalesce((SELECT sum(r.gift_card_cents) FROM "staff_refunds" r WHERE r.order_id = x.id), 0))::int AS returned
    FROM "orders" x
    WHERE x.id = ANY(order_ids)
  ) s
  WHERE o.id = s.id
    AND (o.payments_captured_cents, o.payments_refunded_cents, o.gift_card_returned_cents)
      IS DISTINCT FROM (s.captured, s.refunded, s.returned);
END;
$$;--> statement-breakpoint
-- For a row of payment_disputes: the order of its payment (the row names the payment, not the order).
CREATE FUNCTION "refresh_order_payment_sums_of_dispute"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.taken_cents = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM "refresh_order_payment_sums"(ARRAY(
    SELECT p.order_id FROM "payments" p
    WHERE p.id = ANY(ARRAY[CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.payment_id END,
                           CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.payment_id END])));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "payment_disputes_order_payment_sums" AFTER INSERT OR DELETE OR UPDATE OF "payment_id", "taken_cents" ON "payment_disputes"
  FOR EACH ROW EXECUTE FUNCTION "refresh_order_payment_sums_of_dispute"();
