-- Stripe's canceled was recorded as CANCELED before D569 and counted as given back for ever. As PENDING, never
-- asked about, the payment worker asks Stripe about each in its next round (D570): cancelled, it is counted
-- no more and its withdrawal or staff refund goes back to staff, as one cancelled now is (D575).
UPDATE "refunds" SET "status" = 'PENDING', "checked_at" = NULL WHERE "status" = 'CANCELED';
