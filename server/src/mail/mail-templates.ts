import type { Locale } from "@atelier/contract";
import {
  type ContactConfirmationData,
  contactConfirmationTemplate,
} from "./templates/contact-confirmation.ts";
import { type ContactRequestData, contactRequestTemplate } from "./templates/contact-request.ts";
import {
  type ContractCancellationData,
  contractCancellationTemplate,
} from "./templates/contract-cancellation.ts";
import { type GiftCardData, giftCardTemplate } from "./templates/gift-card.ts";
import { renderLayout } from "./templates/layout.ts";
import { type OrderConfirmationData, orderConfirmationTemplate } from "./templates/order-confirmation.ts";
import { type PasswordResetData, passwordResetTemplate } from "./templates/password-reset.ts";
import { type RefundNoticeData, refundNoticeTemplate } from "./templates/refund-notice.ts";
import { type StaffNoticeData, staffNoticeTemplate } from "./templates/staff-notice.ts";
import type { MailTemplate, RenderedMail } from "./templates/types.ts";
import { type VerifyEmailData, verifyEmailTemplate } from "./templates/verify-email.ts";
import {
  type VisitRequestMailData,
  visitRequestConfirmationTemplate,
  visitRequestNotificationTemplate,
} from "./templates/visit-request.ts";
import { type WaitingListOfferData, waitingListOfferTemplate } from "./templates/waiting-list-offer.ts";
import {
  type WithdrawalConfirmationData,
  withdrawalConfirmationTemplate,
} from "./templates/withdrawal-confirmation.ts";

export type { ContactConfirmationData } from "./templates/contact-confirmation.ts";
export type { ContactRequestData, ContactRequestKind } from "./templates/contact-request.ts";
export type { ContractCancellationData } from "./templates/contract-cancellation.ts";
export type { GiftCardData, GiftCardMailCard } from "./templates/gift-card.ts";
export type { OrderConfirmationData, OrderConfirmationItem } from "./templates/order-confirmation.ts";
export type { PasswordResetData } from "./templates/password-reset.ts";
export type { RefundNoticeData, RefundReason } from "./templates/refund-notice.ts";
export type { StaffNoticeData, StaffNoticeEvent } from "./templates/staff-notice.ts";
export type { RenderedMail } from "./templates/types.ts";
export type { VerifyEmailData } from "./templates/verify-email.ts";
export type { VisitRequestMailData } from "./templates/visit-request.ts";
export type { WaitingListOfferData } from "./templates/waiting-list-offer.ts";
export type {
  WithdrawalConfirmationData,
  WithdrawalMailBasis,
} from "./templates/withdrawal-confirmation.ts";

/** Template name → the data it needs; `renderMail` and `enqueueMail` are checked against it. */
export type MailTemplateData = {
  "verify-email": VerifyEmailData;
  "password-reset": PasswordResetData;
  "contact-request": ContactRequestData;
  "contact-confirmation": ContactConfirmationData;
  "order-confirmation": OrderConfirmationData;
  "refund-notice": RefundNoticeData;
  "gift-card": GiftCardData;
  "visit-request-confirmation": VisitRequestMailData;
  "visit-request-notification": VisitRequestMailData;
  "waiting-list-offer": WaitingListOfferData;
  "withdrawal-confirmation": WithdrawalConfirmationData;
  "contract-cancellation": ContractCancellationData;
  "staff-notice": StaffNoticeData;
};

export type MailTemplateName = keyof MailTemplateData;

const TEMPLATES: { [Name in MailTemplateName]: MailTemplate<MailTemplateData[Name]> } = {
  "verify-email": verifyEmailTemplate,
  "password-reset": passwordResetTemplate,
  "contact-request": contactRequestTemplate,
  "contact-confirmation": contactConfirmationTemplate,
  "order-confirmation": orderConfirmationTemplate,
  "refund-notice": refundNoticeTemplate,
  "gift-card": giftCardTemplate,
  "visit-request-confirmation": visitRequestConfirmationTemplate,
  "visit-request-notification": visitRequestNotificationTemplate,
  "waiting-list-offer": waitingListOfferTemplate,
  "withdrawal-confirmation": withdrawalConfirmationTemplate,
  "contract-cancellation": contractCancellationTemplate,
  "staff-notice": staffNoticeTemplate,
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
  return renderLayout(render(data, locale), locale, options.publicUrl);
}
