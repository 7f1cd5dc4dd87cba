-- Hand-written (D469): a commit that writes a mail into the outbox notifies the mail channel, so a shop's
-- mail worker sends it at once instead of at its next round. One notice per statement; the worker claims
-- every due mail in its round, so it needs no payload.
CREATE FUNCTION "notify_mail_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atelier_mail', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "mail_outbox_written" AFTER INSERT ON "mail_outbox" FOR EACH STATEMENT EXECUTE FUNCTION "notify_mail_written"();
