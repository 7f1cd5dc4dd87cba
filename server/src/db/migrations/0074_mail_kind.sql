ALTER TABLE "mail_outbox" ADD COLUMN "kind" text;--> statement-breakpoint
-- Hand-written (D641 amended): gift card mails written before the kind was stored. A recipient's mail has the
-- recipient's subject, the buyer's copy names the order. The German subject never changed; the Russian one
-- named "Atelier" before D313.
UPDATE "mail_outbox" SET "kind" = 'gift-card-recipient'
  WHERE "template" = 'gift-card'
  AND "subject" IN (
    'Ein Geschenkgutschein von Atelier für Sie',
    'Подарочный сертификат «Ателье» для вас',
    'Подарочный сертификат Atelier для вас'
  );
