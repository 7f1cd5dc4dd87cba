import type { AUDIT_ACTIONS } from "./admin.ts";
import type { AttendanceMark } from "./admin-attendance.ts";
import type { GIFT_CARD_LEDGER_KINDS } from "./admin-content.ts";
import type { MAIL_FAILURES, MAIL_KINDS } from "./admin-mails.ts";
import type { ADMIN_PAYMENT_STATES, DOCUMENT_KINDS, REFUND_SETTLEMENTS } from "./admin-orders.ts";
import type { PERSON_ROLES, REQUEST_STATUSES } from "./admin-requests.ts";
import type { INSTRUCTION_LANGUAGES, PRODUCT_TYPES, SCHEDULE_TYPES } from "./catalogue.ts";
import type {
  PAYMENT_DISPUTE_KINDS,
  PAYMENT_DISPUTE_STATES,
  PAYMENT_GATEWAYS,
  PAYMENT_ISSUE_REASONS,
  PAYMENT_ISSUE_STATES,
  PaymentDisputeKind,
  PaymentDisputeState,
} from "./checkout.ts";
import type { CONTACT_REQUEST_KINDS } from "./contact.ts";
import type { CancelledLessonOutcome, ReminderKind } from "./lessons.ts";
import type { ORDER_ITEM_STATUSES, ORDER_STATUSES } from "./orders.ts";
import type { Locale } from "./rules/locale.ts";
import type { PARTY_REQUEST_STATES } from "./staff-orders.ts";
import type { VISIT_REQUEST_KINDS } from "./visit-requests.ts";
import type { WAITING_ENTRY_STATUSES } from "./waiting-list.ts";
import type { REFUND_STATES } from "./withdrawal.ts";

/**
 * The words staff read for the shop's codes (issue 29, D285): one list per enum, German and Russian side
 * by side, so no screen shows "Course (1 / week)", "paypal · captured" or "ru-en". The back office's
 * choices, fields and the audit log read them from here; a code without a label is a gap a test finds.
 */
type Words = { de: string; ru: string };
type Labels<T extends string> = Record<T, Words>;

const w = (de: string, ru: string): Words => ({ de, ru });

const SCHEDULE_TYPE_LABELS: Labels<(typeof SCHEDULE_TYPES)[number]> = {
  "Course (1 / week)": w("Kurs, einmal pro Woche", "Курс, раз в неделю"),
  "Course (2 / week)": w("Kurs, zweimal pro Woche", "Курс, два раза в неделю"),
  "Course (3 / week)": w("Kurs, dreimal pro Woche", "Курс, три раза в неделю"),
  TERMINKARTEN: w("Terminkarte (einzelne Termine)", "Карта занятий (разовые посещения)"),
  "Academy (1st half)": w("Ferienakademie, vormittags", "Академия, первая половина дня"),
  "Academy (2nd half)": w("Ferienakademie, nachmittags", "Академия, вторая половина дня"),
  "Academy (full day)": w("Ferienakademie, ganztags", "Академия, полный день"),
  Ticket: w("Eintrittskarte", "Билет"),
  BirthdayPackage: w("Geburtstagspaket", "Пакет дня рождения"),
  GiftCard: w("Gutschein", "Подарочный сертификат"),
  Offer: w("Angebot (Festpreis)", "Предложение (фиксированная цена)"),
};

const PRODUCT_TYPE_LABELS: Labels<(typeof PRODUCT_TYPES)[number]> = {
  Course: w("Kurs", "Курс"),
  Academy: w("Ferienakademie", "Каникулярная академия"),
  Workshop: w("Workshop", "Мастер-класс"),
  Event: w("Veranstaltung", "Мероприятие"),
  BirthdayParty: w("Kindergeburtstag", "День рождения"),
  GiftCard: w("Geschenkgutschein", "Подарочный сертификат"),
  SchoolOffer: w("Schulangebot", "Предложение для школ"),
  SpecialOffer: w("Sonderangebot", "Специальное предложение"),
};

const LANGUAGE_LABELS: Labels<(typeof INSTRUCTION_LANGUAGES)[number]> = {
  de: w("Deutsch", "Немецкий"),
  ru: w("Russisch", "Русский"),
  en: w("Englisch", "Английский"),
  bi: w("Zweisprachig (Deutsch und Russisch)", "Двуязычный (немецкий и русский)"),
  "ru-en": w("Russisch und Englisch", "Русский и английский"),
  "de-en": w("Deutsch und Englisch", "Немецкий и английский"),
  "de-ru": w("Deutsch und Russisch", "Немецкий и русский"),
};

const ORDER_STATUS_LABELS: Labels<(typeof ORDER_STATUSES)[number]> = {
  cart: w("Warenkorb", "Корзина"),
  awaiting_payment: w("Wartet auf Zahlung", "Ожидает оплаты"),
  paid: w("Bezahlt", "Оплачен"),
  declined: w("Abgelehnt", "Отклонён"),
  expired: w("Abgelaufen", "Истёк"),
  cancelled: w("Storniert", "Отменён"),
  refunded: w("Erstattet", "Возвращён"),
};

const ORDER_ITEM_STATUS_LABELS: Labels<(typeof ORDER_ITEM_STATUSES)[number]> = {
  active: w("Aktiv", "Активна"),
  frozen: w("Pausiert", "Приостановлена"),
  cancelled: w("Storniert", "Отменена"),
};

const PAYMENT_STATE_LABELS: Labels<(typeof ADMIN_PAYMENT_STATES)[number]> = {
  unpaid: w("Nicht bezahlt", "Не оплачен"),
  paid: w("Bezahlt", "Оплачен"),
  partly_refunded: w("Teilweise erstattet", "Частично возвращён"),
  refunded: w("Erstattet", "Возвращён"),
  needs_attention: w("Braucht Bearbeitung", "Требует внимания"),
};

const REFUND_STATE_LABELS: Labels<(typeof REFUND_STATES)[number]> = {
  pending: w("In Bearbeitung", "В обработке"),
  completed: w("Erstattet", "Возвращено"),
  failed: w("Fehlgeschlagen – bitte von Hand erstatten", "Не удалось — верните вручную"),
  none: w("Ohne Erstattung", "Без возврата"),
};

/** How a person settled a refund the gateway would not take (D565). */
const REFUND_SETTLEMENT_LABELS: Labels<(typeof REFUND_SETTLEMENTS)[number]> = {
  gateway: w(
    "Von Hand im Zahlungskonto (PayPal oder Stripe) erstattet",
    "Возвращено вручную в платёжной системе (PayPal или Stripe)",
  ),
  elsewhere: w(
    "Auf anderem Weg erstattet (Überweisung, bar)",
    "Возвращено другим способом (перевод, наличные)",
  ),
};

/** A payment that needs more than recording (D90): where its refund stands. */
const PAYMENT_ISSUE_STATE_LABELS: Labels<(typeof PAYMENT_ISSUE_STATES)[number]> = {
  refund_pending: w("Erstattung läuft", "Возврат выполняется"),
  refunded: w("Erstattet", "Возвращено"),
  refund_failed: w("Erstattung aufgegeben", "Попытки возврата прекращены"),
  review: w("Zu prüfen", "Нужно проверить"),
};

/** Why a payment needs more than recording (D90). */
const PAYMENT_ISSUE_REASON_LABELS: Labels<(typeof PAYMENT_ISSUE_REASONS)[number]> = {
  seats_gone: w("Plätze waren weg", "Места уже заняты"),
  promocode_used_up: w("Rabattcode aufgebraucht", "Промокод исчерпан"),
  gift_card_released: w(
    "Reservierung abgelaufen, Gutscheinanteil zurückgebucht",
    "Бронь истекла, оплата сертификатом возвращена на сертификат",
  ),
  capture_mismatch: w("Betrag weicht ab", "Сумма не совпадает"),
  not_our_order: w("Fremde PayPal-Bestellung", "Чужой заказ PayPal"),
  refunded_at_paypal: w(
    "Im Zahlungskonto teilweise erstattet, noch nicht gebucht",
    "Частично возвращено в платёжной системе, ещё не проведено",
  ),
  refund_failed_later: w(
    "Erstattung von der kartenausgebenden Bank abgelehnt",
    "Возврат отклонён банком, выпустившим карту",
  ),
};

/** Where a payment the bank or PayPal took back stands. */
const PAYMENT_DISPUTE_STATE_LABELS: Labels<(typeof PAYMENT_DISPUTE_STATES)[number]> = {
  open: w("Offen", "Спор открыт"),
  won: w("Für die Schule entschieden", "Решён в пользу школы"),
  lost: w("Verloren – Geld zurückgebucht", "Проигран — деньги списаны"),
};

const PAYMENT_DISPUTE_KIND_LABELS: Labels<(typeof PAYMENT_DISPUTE_KINDS)[number]> = {
  dispute: w("Streitfall", "Спор"),
  reversal: w("Rückbuchung", "Отзыв платежа"),
};

/**
 * What happened to a disputed or reversed payment and what staff do now, in their language: shown on the
 * order's payment panel. The seats stay booked until staff decide.
 */
const DISPUTE_NOTICES = {
  stripe_open: w(
    "Die Bank der Karteninhaberin oder des Karteninhabers hat diese Zahlung angefochten (Rückbuchung). Stripe hat den Betrag vorerst einbehalten. Bitte reichen Sie im Stripe-Dashboard vor Ablauf der Frist Nachweise ein (Rechnung, Anwesenheit) und sprechen Sie mit der Familie. Die Plätze bleiben gebucht, bis Sie entscheiden.",
    "Банк владельца карты оспорил этот платёж (чарджбэк). Stripe пока удержал сумму. Пожалуйста, до истечения срока загрузите доказательства в панели Stripe (счёт, посещаемость) и поговорите с семьёй. Места остаются забронированными, пока вы не решите иначе.",
  ),
  paypal_open: w(
    "Der Käufer hat bei PayPal einen Konflikt zu dieser Zahlung eröffnet. PayPal kann den Betrag bis zur Entscheidung einbehalten. Bitte antworten Sie im PayPal-Konfliktlösungszentrum vor Ablauf der Frist und sprechen Sie mit der Familie. Die Plätze bleiben gebucht, bis Sie entscheiden.",
    "Покупатель открыл в PayPal спор по этому платежу. До решения PayPal может удерживать сумму. Пожалуйста, ответьте в центре разрешения споров PayPal до истечения срока и поговорите с семьёй. Места остаются забронированными, пока вы не решите иначе.",
  ),
  won: w(
    "Der Streitfall wurde zugunsten der Schule entschieden: Das Geld bleibt bei uns. Es ist nichts weiter zu tun.",
    "Спор решён в пользу школы: деньги остаются у нас. Больше ничего делать не нужно.",
  ),
  stripe_lost: w(
    "Der Streitfall ist verloren: Die Bank hat den Betrag endgültig zurückgebucht, er zählt nicht mehr als erhalten. Bitte entscheiden Sie, ob die Familie noch einmal zahlt oder die Buchung storniert wird, und markieren Sie den Fall dann als erledigt.",
    "Спор проигран: банк окончательно вернул сумму плательщику, она больше не считается полученной. Пожалуйста, решите, оплатит ли семья ещё раз или бронирование будет отменено, и затем отметьте случай как решённый.",
  ),
  paypal_lost: w(
    "Der PayPal-Konflikt wurde zugunsten des Käufers entschieden. Bitte prüfen Sie im PayPal-Konto, ob das Geld zurückgebucht wurde, entscheiden Sie, ob die Familie noch einmal zahlt oder die Buchung storniert wird, und markieren Sie den Fall dann als erledigt.",
    "Спор в PayPal решён в пользу покупателя. Пожалуйста, проверьте в аккаунте PayPal, была ли сумма списана, решите, оплатит ли семья ещё раз или бронирование будет отменено, и затем отметьте случай как решённый.",
  ),
  reversal: w(
    "PayPal hat diese Zahlung zurückgebucht (auf Verlangen der Bank oder über den Käuferschutz). Der Betrag zählt nicht mehr als erhalten. Bitte klären Sie mit der Familie, ob sie noch einmal zahlt oder die Buchung storniert wird, und markieren Sie den Fall dann als erledigt.",
    "PayPal отозвал этот платёж (по требованию банка или по программе защиты покупателей). Сумма больше не считается полученной. Пожалуйста, выясните с семьёй, оплатит ли она ещё раз или бронирование будет отменено, и затем отметьте случай как решённый.",
  ),
  handled: w(
    "Als erledigt markiert: Das Team hat über die Buchung entschieden.",
    "Отмечен как решённый: команда приняла решение по бронированию.",
  ),
} satisfies Record<string, Words>;

/** The notice of a dispute or reversal for the order's payment panel (see `DISPUTE_NOTICES`). */
export function disputeNotice(
  dispute: { gateway: string; kind: PaymentDisputeKind; state: PaymentDisputeState; handled: boolean },
  locale: Locale,
): string {
  const gateway = dispute.gateway === "paypal" ? "paypal" : "stripe";
  if (dispute.state === "won") return DISPUTE_NOTICES.won[locale];
  if (dispute.state === "lost" && dispute.handled) return DISPUTE_NOTICES.handled[locale];
  if (dispute.kind === "reversal") return DISPUTE_NOTICES.reversal[locale];
  return DISPUTE_NOTICES[`${gateway}_${dispute.state}`][locale];
}

/** The gateways of `payments.gateway`: `demo` is the demo shop's stand-in for a real one. */
const PAYMENT_GATEWAY_LABELS: Labels<(typeof PAYMENT_GATEWAYS)[number] | "demo"> = {
  paypal: w("PayPal", "PayPal"),
  stripe: w("Karte (Stripe)", "Карта (Stripe)"),
  demo: w("Demo-Zahlung", "Демо-оплата"),
};

/** A gateway payment's state (`payments.status`). */
export const PAYMENT_STATUSES = ["created", "approved", "captured", "failed", "refunded"] as const;
const PAYMENT_STATUS_LABELS: Labels<(typeof PAYMENT_STATUSES)[number]> = {
  created: w("Begonnen", "Начата"),
  approved: w("Bestätigt, noch nicht eingezogen", "Подтверждена, ещё не списана"),
  captured: w("Eingegangen", "Получена"),
  failed: w("Fehlgeschlagen", "Не прошла"),
  refunded: w("Erstattet", "Возвращена"),
};

/** An outgoing mail's state (`mail_outbox.status`). */
export const MAIL_STATUSES = ["pending", "sent", "failed"] as const;
const MAIL_STATUS_LABELS: Labels<(typeof MAIL_STATUSES)[number]> = {
  pending: w("Wird gesendet", "Отправляется"),
  sent: w("Gesendet", "Отправлено"),
  failed: w("Nicht zustellbar", "Не доставлено"),
};

/** What an outbox mail is (its template), as staff name it in the list of mails. */
const MAIL_KIND_LABELS: Labels<(typeof MAIL_KINDS)[number]> = {
  "verify-email": w("E-Mail-Adresse bestätigen (Registrierung)", "Подтверждение адреса (регистрация)"),
  "password-reset": w("Passwort zurücksetzen", "Сброс пароля"),
  "email-change": w("Neue E-Mail-Adresse bestätigen", "Подтверждение нового адреса"),
  "email-changed": w("Hinweis: E-Mail-Adresse geändert", "Уведомление: адрес изменён"),
  "contact-request": w("Kontaktanfrage (an die Schule)", "Обращение (для школы)"),
  "contact-confirmation": w("Eingangsbestätigung der Kontaktanfrage", "Подтверждение получения обращения"),
  "order-confirmation": w("Bestellbestätigung", "Подтверждение заказа"),
  "refund-notice": w("Erstattung", "Возврат денег"),
  "refund-failed": w("Erstattung fehlgeschlagen", "Возврат не удался"),
  "gift-card": w("Geschenkgutschein", "Подарочный сертификат"),
  "visit-request-confirmation": w(
    "Eingangsbestätigung der Besuchsanfrage",
    "Подтверждение заявки на посещение",
  ),
  "visit-request-notification": w("Besuchsanfrage (an die Schule)", "Заявка на посещение (для школы)"),
  "visit-request-confirmed": w("Besuchstermin bestätigt", "Посещение подтверждено"),
  "visit-request-message": w("Antwort auf eine Besuchsanfrage", "Ответ на заявку на посещение"),
  "waiting-list-offer": w("Warteliste: freier Platz", "Лист ожидания: освободилось место"),
  "waiting-list-joined": w("Warteliste: eingetragen", "Лист ожидания: запись добавлена"),
  "withdrawal-confirmation": w("Widerruf bestätigt", "Подтверждение отказа"),
  "contract-cancellation": w("Kündigung bestätigt", "Подтверждение расторжения"),
  "staff-notice": w("Hinweis an die Schule", "Уведомление для школы"),
  "staff-refund": w("Erstattung durch die Schule", "Возврат от школы"),
  "payment-link": w("Zahlungslink", "Ссылка на оплату"),
  "party-request-notification": w(
    "Geburtstagsanfrage (an die Schule)",
    "Заявка на день рождения (для школы)",
  ),
  "party-request-received": w(
    "Eingangsbestätigung der Geburtstagsanfrage",
    "Подтверждение заявки на день рождения",
  ),
  "party-declined": w("Geburtstagsanfrage abgelehnt", "Отказ по заявке на день рождения"),
  "booking-moved": w("Buchung verlegt", "Запись перенесена"),
  "waiting-list-removed": w("Warteliste: ausgetragen", "Лист ожидания: запись снята"),
  "waiting-list-offer-withdrawn": w(
    "Warteliste: Angebot zurückgezogen",
    "Лист ожидания: предложение отозвано",
  ),
  "lesson-cancelled": w("Stunde abgesagt", "Занятие отменено"),
  "lesson-reminder": w("Erinnerung an eine Stunde", "Напоминание о занятии"),
  "renewal-due": w("Abo: nächster Monat fällig", "Абонемент: пора оплатить следующий месяц"),
  "contract-ended": w("Abo beendet", "Абонемент завершён"),
  "month-paid": w("Abo: Monat bezahlt", "Абонемент: месяц оплачен"),
};

/** Why a mail's last attempt failed, in words (never the mail server's own, which may name its login). */
const MAIL_FAILURE_LABELS: Labels<(typeof MAIL_FAILURES)[number]> = {
  unreachable: w("Mailserver nicht erreichbar", "Почтовый сервер недоступен"),
  login_refused: w(
    "Mailserver lehnt die Anmeldung der Schule ab (Zugangsdaten prüfen)",
    "Почтовый сервер отклоняет логин и пароль школы (проверьте учётные данные)",
  ),
  address_refused: w(
    "Empfängeradresse abgelehnt (gibt es nicht oder Postfach voll)",
    "Адрес получателя отклонён (не существует или ящик переполнен)",
  ),
  deferred: w("Mailserver hat vorläufig abgelehnt", "Почтовый сервер временно отказал"),
  unclassified: w("Anderer Fehler (Details im Server-Log)", "Другая ошибка (подробности в журнале сервера)"),
};

const ROLE_LABELS: Labels<(typeof PERSON_ROLES)[number]> = {
  customer: w("Familie", "Семья"),
  instructor: w("Lehrkraft", "Преподаватель"),
  staff: w("Mitarbeiter/in", "Сотрудник"),
  admin: w("Admin", "Администратор"),
};

const LOCALE_LABELS: Labels<Locale> = { de: w("Deutsch", "Немецкий"), ru: w("Russisch", "Русский") };

const AUDIT_ACTION_LABELS: Labels<(typeof AUDIT_ACTIONS)[number]> = {
  create: w("Angelegt", "Создано"),
  update: w("Geändert", "Изменено"),
  delete: w("Gelöscht", "Удалено"),
  archive: w("Archiviert", "В архиве"),
  export: w("Exportiert", "Выгружено"),
};

/**
 * The areas the audit log names (`audit_log.resource`), and the back-office screen of each area's records
 * (null: the record has no page of its own; an order's parts link to their order instead).
 */
export const AUDIT_AREAS = {
  products: { ...w("Angebote", "Предложения"), screen: "products" },
  slots: { ...w("Termine", "Занятия"), screen: "slots" },
  "purchase-options": {
    ...w("Kaufoptionen und Preise", "Варианты покупки и цены"),
    screen: "purchase-options",
  },
  "academy-seasons": { ...w("Akademie-Saisons", "Сезоны академии"), screen: "academy-seasons" },
  "academy-weeks": { ...w("Akademie-Wochen", "Недели академии"), screen: "academy-weeks" },
  instructors: { ...w("Lehrkräfte", "Преподаватели"), screen: "instructors" },
  categories: { ...w("Kategorien", "Категории"), screen: "categories" },
  locations: { ...w("Häuser", "Здания"), screen: "locations" },
  closures: { ...w("Ferien und Schließtage", "Каникулы и выходные дни"), screen: "closures" },
  promocodes: { ...w("Rabattcodes", "Промокоды"), screen: "promocodes" },
  "gift-cards": { ...w("Geschenkgutscheine", "Подарочные сертификаты"), screen: "gift-cards" },
  "content-pages": { ...w("Inhaltsseiten", "Страницы"), screen: "content-pages" },
  images: { ...w("Bilder", "Изображения"), screen: null },
  redirects: { ...w("Weiterleitungen", "Перенаправления"), screen: "redirects" },
  "school-settings": { ...w("Schuldaten", "Данные школы"), screen: null },
  people: { ...w("Personen", "Люди"), screen: "people" },
  "visit-requests": { ...w("Besuchsanfragen", "Заявки на посещение"), screen: "visit-requests" },
  "contact-requests": { ...w("Kontaktanfragen", "Обращения"), screen: "contact-requests" },
  "party-requests": { ...w("Geburtstagsanfragen", "Заявки на день рождения"), screen: "party-requests" },
  "staff-orders": { ...w("Telefonbuchungen", "Записи по телефону"), screen: "orders" },
  staff_refunds: { ...w("Erstattungen", "Возвраты"), screen: null },
  payment_issues: { ...w("Zahlungen mit Handlungsbedarf", "Платежи, требующие внимания"), screen: null },
  payment_disputes: {
    ...w("Angefochtene und zurückgebuchte Zahlungen", "Оспоренные и отозванные платежи"),
    screen: null,
  },
  withdrawals: { ...w("Widerrufe und Stornierungen der Eltern", "Отказы и отмены родителей"), screen: null },
  order_items: { ...w("Bestellpositionen", "Позиции заказа"), screen: null },
  order_mails: { ...w("E-Mails zu Bestellungen", "Письма по заказам"), screen: null },
  invoices: { ...w("Rechnungen und Gutschriften", "Счета и корректировки"), screen: null },
  attendance: { ...w("Anwesenheit", "Посещаемость"), screen: null },
  checkins: { ...w("Check-ins", "Отметки прихода"), screen: null },
  waiting_list_entries: { ...w("Warteliste", "Лист ожидания"), screen: null },
  accounting: { ...w("Buchhaltung", "Бухгалтерия"), screen: null },
  "instructor-reports": {
    ...w("Meldungen der Lehrkräfte", "Сообщения преподавателей"),
    screen: "instructor-reports",
  },
  cancelled_lesson: { ...w("Abgesagte Stunden", "Отменённые занятия"), screen: null },
  lesson_settings: { ...w("Erinnerungen", "Напоминания"), screen: null },
  gift_card_mails: { ...w("E-Mails zu Gutscheinen", "Письма с сертификатами"), screen: null },
  failed_mails: { ...w("Nicht zugestellte E-Mails", "Недоставленные письма"), screen: null },
} as const satisfies Record<string, Words & { screen: string | null }>;
export type AuditArea = keyof typeof AUDIT_AREAS;

/** The state of a visit, contact or party request as staff work it (D316: words, never codes). */
const REQUEST_STATUS_LABELS: Labels<(typeof REQUEST_STATUSES)[number]> = {
  new: w("Neu", "Новая"),
  in_progress: w("In Bearbeitung", "В работе"),
  done: w("Erledigt", "Готово"),
};

const VISIT_REQUEST_KIND_LABELS: Labels<(typeof VISIT_REQUEST_KINDS)[number]> = {
  trial: w("Probestunde", "Пробное занятие"),
  out: w("Besuch außer Haus", "Выездное занятие"),
  waiting: w("Warteliste", "Лист ожидания"),
};

const CONTACT_REQUEST_KIND_LABELS: Labels<(typeof CONTACT_REQUEST_KINDS)[number]> = {
  appointment: w("Termin", "Встреча"),
  callback: w("Rückruf", "Обратный звонок"),
  partnership: w("Kooperation", "Сотрудничество"),
};

const WAITING_STATUS_LABELS: Labels<(typeof WAITING_ENTRY_STATUSES)[number]> = {
  waiting: w("Wartet", "Ждёт"),
  offered: w("Platz angeboten", "Место предложено"),
  booked: w("Gebucht", "Запись оформлена"),
  passed: w("Angebot verfallen", "Предложение истекло"),
  left: w("Von der Liste genommen", "Запись удалена из листа"),
};

const LEDGER_KIND_LABELS: Labels<(typeof GIFT_CARD_LEDGER_KINDS)[number]> = {
  issue: w("Ausgestellt", "Выпущен"),
  redeem: w("Eingelöst", "Оплата"),
  release: w("Zurückgebucht", "Возврат на сертификат"),
  withdrawal: w("Widerruf", "Отказ от договора"),
  staff_refund: w("Erstattung durch die Schule", "Возврат от школы"),
};

const PARTY_REQUEST_STATE_LABELS: Labels<(typeof PARTY_REQUEST_STATES)[number]> = {
  sent: w("Gesendet", "Отправлена"),
  confirmed: w("Bestätigt – wartet auf Zahlung", "Подтверждена — ждёт оплаты"),
  paid: w("Bezahlt", "Оплачена"),
  declined: w("Abgelehnt", "Отклонена"),
  expired: w("Reservierung abgelaufen", "Бронь истекла"),
};

const INSTRUCTOR_REPORT_STATUS_LABELS: Labels<"open" | "done"> = {
  open: w("Offen", "Не обработано"),
  done: w("Erledigt", "Обработано"),
};

/** The reminders staff switch off, as the audit log names them (D500). */
const REMINDER_KIND_LABELS: Labels<ReminderKind> = {
  first_lesson: w("Vor der ersten Stunde", "Перед первым занятием"),
  trial: w("Vor einer Probestunde", "Перед пробным занятием"),
  makeup: w("Vor einer Nachholstunde", "Перед отработкой"),
};

/** What a lesson the school cancels gives a course's families, as the audit log names it (D500). */
const CANCELLED_LESSON_OUTCOME_LABELS: Labels<CancelledLessonOutcome> = {
  credit: w("Nachholguthaben für jedes Kind", "Право на отработку каждому ребёнку"),
  lengthen: w("Der bezahlte Zeitraum verlängert sich", "Оплаченный период продлевается"),
};

/** A child's mark on a lesson's roster, as the audit log names it. */
const ATTENDANCE_MARK_LABELS: Labels<AttendanceMark> = {
  present: w("Anwesend", "Присутствует"),
  absent: w("Abwesend", "Отсутствует"),
};

/** The mails staff send again from an order's page, as the audit log names them. */
const RESENT_MAIL_LABELS: Labels<"order-confirmation"> = {
  "order-confirmation": w("Bestellbestätigung", "Подтверждение заказа"),
};

const DOCUMENT_KIND_LABELS: Labels<(typeof DOCUMENT_KINDS)[number]> = {
  invoice: w("Rechnung", "Счёт"),
  credit_note: w("Gutschrift / Rechnungskorrektur", "Корректировочный счёт"),
};

export const ENUM_LABELS = {
  schedule_type: SCHEDULE_TYPE_LABELS,
  product_type: PRODUCT_TYPE_LABELS,
  language: LANGUAGE_LABELS,
  order_status: ORDER_STATUS_LABELS,
  order_item_status: ORDER_ITEM_STATUS_LABELS,
  payment_state: PAYMENT_STATE_LABELS,
  refund_state: REFUND_STATE_LABELS,
  refund_settlement: REFUND_SETTLEMENT_LABELS,
  payment_issue_state: PAYMENT_ISSUE_STATE_LABELS,
  payment_issue_reason: PAYMENT_ISSUE_REASON_LABELS,
  payment_dispute_state: PAYMENT_DISPUTE_STATE_LABELS,
  payment_dispute_kind: PAYMENT_DISPUTE_KIND_LABELS,
  payment_gateway: PAYMENT_GATEWAY_LABELS,
  payment_status: PAYMENT_STATUS_LABELS,
  mail_status: MAIL_STATUS_LABELS,
  mail_kind: MAIL_KIND_LABELS,
  mail_failure: MAIL_FAILURE_LABELS,
  role: ROLE_LABELS,
  locale: LOCALE_LABELS,
  audit_action: AUDIT_ACTION_LABELS,
  audit_area: AUDIT_AREAS as Record<AuditArea, Words>,
  document_kind: DOCUMENT_KIND_LABELS,
  request_status: REQUEST_STATUS_LABELS,
  visit_request_kind: VISIT_REQUEST_KIND_LABELS,
  contact_request_kind: CONTACT_REQUEST_KIND_LABELS,
  waiting_status: WAITING_STATUS_LABELS,
  gift_card_ledger_kind: LEDGER_KIND_LABELS,
  party_request_state: PARTY_REQUEST_STATE_LABELS,
  instructor_report_status: INSTRUCTOR_REPORT_STATUS_LABELS,
  reminder_kind: REMINDER_KIND_LABELS,
  cancelled_lesson_outcome: CANCELLED_LESSON_OUTCOME_LABELS,
  attendance_mark: ATTENDANCE_MARK_LABELS,
  resent_mail: RESENT_MAIL_LABELS,
} as const;
export type EnumName = keyof typeof ENUM_LABELS;

/** The staff member's word for a code; an unknown code (an old row, a newer server) shows as it is. */
export function enumLabel(name: EnumName, code: string | null | undefined, locale: Locale): string {
  if (code === null || code === undefined || code === "") return "—";
  const words = (ENUM_LABELS[name] as Record<string, Words>)[code];
  return words ? words[locale] : code;
}

/** `{id, name}` choices of one enum in the staff member's language, in the enum's own order. */
export function enumChoices(name: EnumName, locale: Locale): { id: string; name: string }[] {
  return Object.entries(ENUM_LABELS[name] as Record<string, Words>).map(([id, words]) => ({
    id,
    name: words[locale],
  }));
}

/** Every label of one enum in one language, keyed by its code (what react-admin's texts nest). */
export function enumLabelsIn(name: EnumName, locale: Locale): Record<string, string> {
  return Object.fromEntries(enumChoices(name, locale).map(({ id, name: label }) => [id, label]));
}

/**
 * The codes that must never be read on a back-office screen: every code whose label differs from it in
 * both languages (so "Workshop" or "PayPal", written as they are, are not counted).
 */
export function rawCodesOnScreen(): string[] {
  const codes = new Set<string>();
  for (const labels of Object.values(ENUM_LABELS) as Record<string, Words>[]) {
    for (const [code, words] of Object.entries(labels)) {
      if (code !== words.de && code !== words.ru && code.toLowerCase() !== words.de.toLowerCase()) {
        codes.add(code);
      }
    }
  }
  return [...codes];
}
