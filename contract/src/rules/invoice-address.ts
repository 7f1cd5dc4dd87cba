/**
 * When an invoice must carry the buyer's full address (D170, issue 24 item 6): § 14(4) UStG asks for the
 * name and address of the recipient on every invoice, and § 33 UStDV spares only invoices whose gross total
 * is at most 250 €. So an order whose invoice total (the lines after discounts, before a gift card, which
 * pays but does not discount) exceeds 250 € is placed only with street, post code, city and country.
 * One rule for the server's fulfil and the checkout form; free of zod.
 */

/** § 33 UStDV: invoices up to this gross total need no buyer's address. */
export const INVOICE_ADDRESS_THRESHOLD_CENTS = 25_000;

/** The parts of the address an invoice over the threshold must print. */
export const INVOICE_ADDRESS_FIELDS = ["street", "post_code", "city", "country"] as const;
export type InvoiceAddressField = (typeof INVOICE_ADDRESS_FIELDS)[number];

/** Whether an invoice of this gross total (cents) must carry the buyer's full address. */
export function invoiceNeedsAddress(totalCents: number): boolean {
  return totalCents > INVOICE_ADDRESS_THRESHOLD_CENTS;
}

/** The address parts that are empty (blank counts as empty), in the form's order. */
export function missingAddressFields(
  billing: Partial<Record<InvoiceAddressField, string | null | undefined>>,
): InvoiceAddressField[] {
  return INVOICE_ADDRESS_FIELDS.filter((field) => !(billing[field] ?? "").trim());
}
