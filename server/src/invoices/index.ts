/** The invoices area as other areas use it: checkout calls these in the transaction of a payment. */
export { checkinUrl, newCheckinCode } from "./checkin-code.ts";
export { type InvoiceForPdf, renderInvoicePdf } from "./invoice-pdf.ts";
export { type IssueInvoiceInput, issueInvoice } from "./issue-invoice.ts";
export {
  enqueueRefundNotice,
  type IssueOrderDocumentsInput,
  issueOrderDocuments,
  type RefundNoticeInput,
} from "./order-documents.ts";
export { type Seller, sellerFromEnv } from "./seller.ts";
