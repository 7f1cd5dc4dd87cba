import type { Locale } from "@atelier/contract";
import { type BookingMovedData, bookingMovedTemplate } from "./templates/booking-moved.ts";
import {
  type ContactConfirmationData,
  contactConfirmationTemplate,
} from "./templates/contact-confirmation.ts";
import { type ContactRequestData, contactRequestTemplate } from "./templates/contact-request.ts";
import {
  type ContractCancellationData,
  contractCancellationTemplate,
} from "./templates/contract-cancellation.ts";
import {
  type ContractEndedData,
  contractEndedTemplate,
  type MonthPaidData,
  monthPaidTemplate,
  type RenewalDueData,
  renewalDueTemplate,
} from "./templates/contract-months.ts";
import { type EmailChangeData, emailChangeTemplate } from "./templates/email-change.ts";
import { type EmailChangedData, emailChangedTemplate } from "./templates/email-changed.ts";
import { type GiftCardData, giftCardTemplate } from "./templates/gift-card.ts";
import { renderLayout } from "./templates/layout.ts";
import {
  type LessonCancelledData,
  type LessonReminderData,
  lessonCancelledTemplate,
  lessonReminderTemplate,
} from "./templates/lessons.ts";
import { type OrderConfirmationData, orderConfirmationTemplate } from "./templates/order-confirmation.ts";
import { type PartyDeclinedData, partyDeclinedTemplate } from "./templates/party-declined.ts";
import { type PartyRequestNoticeData, partyRequestNoticeTemplate } from "./templates/party-request.ts";
import {
  type PartyRequestReceivedData,
  partyRequestReceivedTemplate,
} from "./templates/party-request-received.ts";
import { type PasswordResetData, passwordResetTemplate } from "./templates/password-reset.ts";
import { type PaymentLinkData, paymentLinkTemplate } from "./templates/payment-link.ts";
import { type RefundFailedData, refundFailedTemplate } from "./templates/refund-failed.ts";
import { type RefundNoticeData, refundNoticeTemplate } from "./templates/refund-notice.ts";
import { type StaffNoticeData, staffNoticeTemplate } from "./templates/staff-notice.ts";
import { type StaffRefundData, staffRefundTemplate } from "./templates/staff-refund.ts";
import type { MailTemplate, RenderedMail } from "./templates/types.ts";
import { cleanMailData } from "./templates/user-text.ts";
import { type VerifyEmailData, verifyEmailTemplate } from "./templates/verify-email.ts";
import {
  type VisitRequestMailData,
  visitRequestConfirmationTemplate,
  visitRequestNotificationTemplate,
} from "./templates/visit-request.ts";
import {
  type VisitRequestConfirmedData,
  visitRequestConfirmedTemplate,
} from "./templates/visit-request-confirmed.ts";
import {
  type VisitRequestMessageData,
  visitRequestMessageTemplate,
} from "./templates/visit-request-message.ts";
import { type WaitingListJoinedData, waitingListJoinedTemplate } from "./templates/waiting-list-joined.ts";
import { type WaitingListOfferData, waitingListOfferTemplate } from "./templates/waiting-list-offer.ts";
import {
  type WaitingListOfferWithdrawnData,
  waitingListOfferWithdrawnTemplate,
} from "./templates/waiting-list-offer-withdrawn.ts";
import { type WaitingListRemovedData, waitingListRemovedTemplate } from "./templates/waiting-list-removed.ts";
import {
  type WithdrawalConfirmationData,
  withdrawalConfirmationTemplate,
} from "./templates/withdrawal-confirmation.ts";

export type { BookingMovedData, MovedUnit } from "./templates/booking-moved.ts";
export type { ContactConfirmationData } from "./templates/contact-confirmation.ts";
export type { ContactRequestData, ContactRequestKind } from "./templates/contact-request.ts";
export type { ContractCancellationData } from "./templates/contract-cancellation.ts";
export type { ContractEndedData, MonthPaidData, RenewalDueData } from "./templates/contract-months.ts";
export type { EmailChangeData } from "./templates/email-change.ts";
export type { EmailChangedData } from "./templates/email-changed.ts";
export type { GiftCardData, GiftCardMailCard } from "./templates/gift-card.ts";
export type { LessonCancelledData, LessonReminderData } from "./templates/lessons.ts";
export type { OrderConfirmationData, OrderConfirmationItem } from "./templates/order-confirmation.ts";
export type { PartyDeclinedData } from "./templates/party-declined.ts";
export type { PartyRequestNoticeData } from "./templates/party-request.ts";
export type { PartyRequestReceivedData } from "./templates/party-request-received.ts";
export type { PasswordResetData } from "./templates/password-reset.ts";
export type { PaymentLinkData } from "./templates/payment-link.ts";
export type { RefundFailedData } from "./templates/refund-failed.ts";
export type { RefundNoticeData, RefundReason } from "./templates/refund-notice.ts";
export type { StaffNoticeAcademy, StaffNoticeData, StaffNoticeEvent } from "./templates/staff-notice.ts";
export type { StaffRefundData } from "./templates/staff-refund.ts";
export type { RenderedMail } from "./templates/types.ts";
export type { VerifyEmailData } from "./templates/verify-email.ts";
export type { VisitRequestMailData } from "./templates/visit-request.ts";
export type { VisitRequestConfirmedData } from "./templates/visit-request-confirmed.ts";
export type { VisitRequestMessageData } from "./templates/visit-request-message.ts";
export type { WaitingListOfferData } from "./templates/waiting-list-offer.ts";
export type {
  WithdrawalConfirmationData,
  WithdrawalMailBasis,
} from "./templates/withdrawal-confirmation.ts";

/** Template name → the data it needs; `renderMail` and `enqueueMail` are checked against it. */
export type MailTemplateData = {
  "verify-email": VerifyEmailData;
  "password-reset": PasswordResetData;
  "email-change": EmailChangeData;
  "email-changed": EmailChangedData;
  "contact-request": ContactRequestData;
  "contact-confirmation": ContactConfirmationData;
  "order-confirmation": OrderConfirmationData;
  "refund-notice": RefundNoticeData;
  "refund-failed": RefundFailedData;
  "gift-card": GiftCardData;
  "visit-request-confirmation": VisitRequestMailData;
  "visit-request-notification": VisitRequestMailData;
  "visit-request-confirmed": VisitRequestConfirmedData;
  "visit-request-message": VisitRequestMessageData;
  "waiting-list-offer": WaitingListOfferData;
  "waiting-list-joined": WaitingListJoinedData;
  "withdrawal-confirmation": WithdrawalConfirmationData;
  "contract-cancellation": ContractCancellationData;
  "staff-notice": StaffNoticeData;
  "staff-refund": StaffRefundData;
  "payment-link": PaymentLinkData;
  "party-request-notification": PartyRequestNoticeData;
  "party-request-received": PartyRequestReceivedData;
  "party-declined": PartyDeclinedData;
  "booking-moved": BookingMovedData;
  "waiting-list-removed": WaitingListRemovedData;
  "waiting-list-offer-withdrawn": WaitingListOfferWithdrawnData;
  "lesson-cancelled": LessonCancelledData;
  "lesson-reminder": LessonReminderData;
  "renewal-due": RenewalDueData;
  "contract-ended": ContractEndedData;
  "month-paid": MonthPaidData;
};

export type MailTemplateName = keyof MailTemplateData;

const TEMPLATES: { [Name in MailTemplateName]: MailTemplate<MailTemplateData[Name]> } = {
  "verify-email": verifyEmailTemplate,
  "password-reset": passwordResetTemplate,
  "email-change": emailChangeTemplate,
  "email-changed": emailChangedTemplate,
  "contact-request": contactRequestTemplate,
  "contact-confirmation": contactConfirmationTemplate,
  "order-confirmation": orderConfirmationTemplate,
  "refund-notice": refundNoticeTemplate,
  "refund-failed": refundFailedTemplate,
  "gift-card": giftCardTemplate,
  "visit-request-confirmation": visitRequestConfirmationTemplate,
  "visit-request-notification": visitRequestNotificationTemplate,
  "visit-request-confirmed": visitRequestConfirmedTemplate,
  "visit-request-message": visitRequestMessageTemplate,
  "waiting-list-offer": waitingListOfferTemplate,
  "waiting-list-joined": waitingListJoinedTemplate,
  "withdrawal-confirmation": withdrawalConfirmationTemplate,
  "contract-cancellation": contractCancellationTemplate,
  "staff-notice": staffNoticeTemplate,
  "staff-refund": staffRefundTemplate,
  "payment-link": paymentLinkTemplate,
  "party-request-notification": partyRequestNoticeTemplate,
  "party-request-received": partyRequestReceivedTemplate,
  "party-declined": partyDeclinedTemplate,
  "booking-moved": bookingMovedTemplate,
  "waiting-list-removed": waitingListRemovedTemplate,
  "waiting-list-offer-withdrawn": waitingListOfferWithdrawnTemplate,
  "lesson-cancelled": lessonCancelledTemplate,
  "lesson-reminder": lessonReminderTemplate,
  "renewal-due": renewalDueTemplate,
  "contract-ended": contractEndedTemplate,
  "month-paid": monthPaidTemplate,
};

export const MAIL_TEMPLATE_NAMES = Object.keys(TEMPLATES) as MailTemplateName[];

export type RenderOptions = {
  /** Origin of the shop for the footer link (env PUBLIC_URL). */
  publicUrl: string;
};

// Matches the PUBLIC_URL default of config/env.ts, so a bare call renders like a default start-up.
const DEFAULT_RENDER_OPTIONS: RenderOptions = { publicUrl: "http://localhost:3000" };

/** Renders a template in a locale into the finished subject, HTML and plain-text bodies. */
export function renderMail<Name extends MailTemplateName>(
  template: Name,
  locale: Locale,
  data: MailTemplateData[Name],
  options: RenderOptions = DEFAULT_RENDER_OPTIONS,
): RenderedMail {
  const render: MailTemplate<MailTemplateData[Name]> = TEMPLATES[template];
  // No control character of the data reaches a mail but the line breaks of a person's quoted text (D206).
  return renderLayout(render(cleanMailData(data), locale), locale, options.publicUrl);
}
