-- Hand-written (D300, GoBD § 146(4) AO): an issued invoice or credit note is never changed or deleted, by
-- any code path; a correction is a new credit note. Every row of "invoices" is issued (a row is inserted
-- when the document is issued and nothing else), so UPDATE and DELETE are refused for every row.
-- TRUNCATE (an owner's administrative act, which no code of the shop issues) is left to the owner.
CREATE FUNCTION "refuse_issued_document_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'issued document % cannot be changed or deleted (GoBD): % refused', OLD."number", TG_OP
    USING ERRCODE = 'integrity_constraint_violation',
          HINT = 'Correct an invoice with a credit note.';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_issued_immutable" BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "refuse_issued_document_change"();
