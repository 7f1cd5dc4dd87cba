// The mail platform: outbox, transport, worker and templates. What a mail attaches is made by the
// renderer the wiring hands the worker (../mailer/), so mail never reads another area's data.
export type { AttachmentRenderer, RenderedAttachment } from "./attachments.ts";
export { noAttachments } from "./attachments.ts";
export type { MailRequest, OutboxMail, RequeuedMail } from "./mail-outbox.ts";
export {
  countOutbox,
  deleteChangeLinkMails,
  deleteMailsAbout,
  enqueueMail,
  FAILED_MAILS_SHOWN,
  fillPlaceholderSql,
  findFailedMails,
  findPendingGiftCardMail,
  mailsSentTo,
  requeueFailedMail,
  resendMail,
  resendMailAtMost,
  rewriteMail,
  takeWaitingGiftCardMails,
  withdrawPendingGiftCardMails,
} from "./mail-outbox.ts";
export { clearOldMailTexts, LINK_TEXT_DAYS, MAIL_TEXT_DAYS, mailTextCleared } from "./mail-retention.ts";
export type {
  ContactRequestData,
  ContactRequestKind,
  LessonCancelledData,
  LessonReminderData,
  MailTemplateData,
  MailTemplateName,
  OrderConfirmationData,
  OrderConfirmationItem,
  PasswordResetData,
  RefundNoticeData,
  RefundReason,
  RenderedMail,
  RenderOptions,
  StaffNoticeAcademy,
  StaffNoticeData,
  StaffNoticeEvent,
  VerifyEmailData,
  VisitRequestConfirmedData,
  VisitRequestMailData,
  WaitingListOfferData,
} from "./mail-templates.ts";
export { renderMail } from "./mail-templates.ts";
export type { MailTransport, OutgoingMail } from "./mail-transport.ts";
export { createTransport, removeMailFiles } from "./mail-transport.ts";
export type { DrainResult, MailLogger, MailWorker } from "./mail-worker.ts";
export { createMailWorker } from "./mail-worker.ts";
export {
  findOutboxMail,
  listOutboxMails,
  mailFailureOf,
  OUTBOX_SORTS,
  type OutboxListFilter,
} from "./outbox-list.ts";
export { enqueueStaffNotice } from "./staff-notice.ts";
export { formatDate, formatMoney } from "./templates/format.ts";
export { html } from "./templates/html.ts";
