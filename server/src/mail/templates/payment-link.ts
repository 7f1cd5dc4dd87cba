import type { Locale } from "@atelier/contract";
import { INTL_LOCALES, SCHOOL_TIME_ZONE } from "@atelier/contract";
import { formatDate, formatMoney } from "./format.ts";
import { html } from "./html.ts";
import { actionButton, actionText, detailsTable, detailsText, greeting, paragraph } from "./parts.ts";
import type { MailTemplate } from "./types.ts";

/** An order staff built for the parent (D156), or a confirmed birthday party (D160): pay by the link. */
export type PaymentLinkData = {
  parentFirstName: string;
  orderId: number;
  /** The lines in the mail's locale: offer, option and (when one is booked) the child. */
  lines: { productName: string; optionName: string; childName: string | null; amountCents: number }[];
  /** What a gift card named on the phone already paid (D552); absent on mails queued before. */
  giftCardCents?: number;
  totalCents: number;
  /** ISO instant the seats are held until. */
  reservedUntil: string;
  /** WEB_URL/pay/{token}: a capability, only in this mail (D157). */
  link: string;
  /** A confirmed party's day, `YYYY-MM-DD`; null for a booking by phone. */
  partyDate: string | null;
};

const TEXTS = {
  de: {
    subject: (order: number) => `Ihre Bestellung Nr. ${order}: bitte bezahlen`,
    partySubject: "Ihre Geburtstagsfeier ist bestätigt: bitte bezahlen",
    intro: "wie am Telefon besprochen, haben wir die Buchung für Sie vorbereitet und die Plätze reserviert.",
    partyIntro: (day: string) =>
      `gute Nachrichten: Wir haben Ihre Geburtstagsfeier für den ${day} bestätigt und den Raum für Sie reserviert.`,
    until: (when: string) =>
      `Bitte bezahlen Sie bis ${when} (Berliner Zeit). Danach wird die Reservierung aufgehoben; melden Sie sich dann einfach bei uns.`,
    button: "Jetzt bezahlen",
    labels: {
      order: "Bestellung",
      child: "Kind",
      giftCard: "Mit Gutschein bezahlt",
      total: "Gesamt",
      due: "Noch zu bezahlen",
    },
    signIn: "Der Link öffnet die Zahlung in Ihrem Kundenkonto; falls nötig, melden Sie sich zuerst an.",
  },
  ru: {
    subject: (order: number) => `Заказ № ${order}: ожидает оплаты`,
    partySubject: "День рождения подтверждён: ожидает оплаты",
    intro: "Как мы договорились по телефону, мы оформили бронирование и зарезервировали для вас места.",
    partyIntro: (day: string) =>
      `Хорошие новости: мы подтвердили праздник на ${day} и зарезервировали для вас зал.`,
    until: (when: string) =>
      `Пожалуйста, оплатите заказ до ${when} (по берлинскому времени). После этого бронь будет снята — тогда просто свяжитесь с нами.`,
    button: "Оплатить",
    labels: {
      order: "Заказ",
      child: "Ребёнок",
      giftCard: "Оплачено подарочным сертификатом",
      total: "Итого",
      due: "Осталось оплатить",
    },
    signIn: "Ссылка откроет оплату в вашем личном кабинете; при необходимости сначала войдите в него.",
  },
} as const;

function deadline(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: SCHOOL_TIME_ZONE,
  }).format(new Date(iso));
}

export const paymentLinkTemplate: MailTemplate<PaymentLinkData> = (data, locale) => {
  const t = TEXTS[locale];
  const subject = data.partyDate === null ? t.subject(data.orderId) : t.partySubject;
  const intro = data.partyDate === null ? t.intro : t.partyIntro(formatDate(data.partyDate, locale));
  const rows: { label: string; value: string }[] = [{ label: t.labels.order, value: String(data.orderId) }];
  for (const line of data.lines) {
    rows.push({
      label: `${line.productName} – ${line.optionName}`,
      value: formatMoney(line.amountCents, locale),
    });
    if (line.childName) rows.push({ label: t.labels.child, value: line.childName });
  }
  const giftCard = data.giftCardCents ?? 0;
  if (giftCard > 0) rows.push({ label: t.labels.giftCard, value: `−${formatMoney(giftCard, locale)}` });
  rows.push({
    label: giftCard > 0 ? t.labels.due : t.labels.total,
    value: formatMoney(data.totalCents, locale),
  });
  const hello = greeting(data.parentFirstName, locale);
  const until = t.until(deadline(data.reservedUntil, locale));
  return {
    subject,
    heading: subject,
    bodyHtml: html`${paragraph(hello)}${paragraph(intro)}${detailsTable(rows)}${paragraph(until)}${actionButton(data.link, t.button, locale)}${paragraph(t.signIn)}`,
    bodyText: [
      hello,
      "",
      intro,
      "",
      detailsText(rows),
      "",
      until,
      "",
      actionText(data.link, t.button),
      "",
      t.signIn,
    ].join("\n"),
  };
};
