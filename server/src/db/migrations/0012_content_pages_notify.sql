-- Hand-written (D93): content pages are part of the catalogue's replies since the existing client's Wagtail
-- reads (home page, prices, legal texts) are cached per catalogue epoch, so an edit by the staff notifies the
-- channel of migration 0009 and the next read shows it.
CREATE TRIGGER "content_pages_catalogue_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content_pages" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();
