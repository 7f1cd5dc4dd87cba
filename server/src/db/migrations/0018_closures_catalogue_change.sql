-- Hand-written (D85, D114): product pages list the closures of their house, so a write to closures ends
-- the catalogue's epoch like a write to any other table a catalogue reply shows.
CREATE TRIGGER "closures_catalogue_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "closures" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();
