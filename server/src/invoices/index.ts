/** The invoices area as other areas use it: checkout calls these in the transaction of a payment. */

export { accountingCsv, accountingZip, findMonthDocuments } from "./accounting-export.ts";
export { checkinUrl, newCheckinCode } from "./checkin-code.ts";
export { datevBuchungsstapel } from "./datev-export.ts";
export {
  type DocumentItem,
  formatDay,
  invoiceLine,
  isMeetingCard,
  itemPeriod,
  nextWeekday,
} from "./invoice-data.ts";
export { invoiceDownloadRoutes } from "./invoice-download.routes.ts";
export { createInvoiceDownloads } from "./invoice-download.ts";
export { type InvoiceForPdf, renderInvoicePdf } from "./invoice-pdf.ts";
export { REFUND_NOTE } from "./invoice-texts.ts";
export {
  countInvoicesOfUser,
  creditNoteVersionsOfItem,
  findCreditNotesOfItems,
  findInvoice,
  findOrderInvoice,
  type ItemCreditNoteRow,
  lockOrderForDocuments,
  type UnnumberedInvoice,
} from "./invoices.repository.ts";
export { type IssueInvoiceInput, issueInvoice } from "./issue-invoice.ts";
export {
  creditMonthInvoice,
  issueMonthInvoice,
  MONTH_WORD,
  type MonthInvoiceInput,
} from "./month-invoice.ts";
export {
  contractItems,
  creditNoteData,
  documentItems,
  enqueueRefundFailedNotice,
  enqueueRefundNotice,
  type IssueOrderDocumentsInput,
  issueOrderDocuments,
  numberOrderInvoice,
  type OrderDocumentsIssued,
  type OrderItemsOf,
  type RefundFailedNoticeInput,
  type RefundNoticeInput,
} from "./order-documents.ts";
export { type Seller, type SellerEnv, sellerFromEnv, sellerFromSettings } from "./seller.ts";
export { enqueueOrderStaffNotice } from "./staff-notice.ts";
