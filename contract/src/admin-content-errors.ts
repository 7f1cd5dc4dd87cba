import type { Locale } from "./rules/locale.ts";

/** Error texts of the back office's content pages, promocodes and gift cards (D123–D125). */
export const ADMIN_CONTENT_ERROR_MESSAGES = {
  invalid_promocode: {
    de: "Nur Buchstaben, Ziffern, Bindestrich und Unterstrich, z. B. SOMMER25.",
    ru: "Только латинские буквы, цифры, дефис и подчёркивание, например SOMMER25.",
  },
  promocode_taken: {
    de: "Diesen Code gibt es schon (Groß- und Kleinschreibung zählt nicht).",
    ru: "Такой код уже есть (регистр букв не важен).",
  },
  percent_or_amount: {
    de: "Geben Sie entweder einen Prozentsatz oder einen Betrag an, nicht beides.",
    ru: "Укажите либо процент, либо сумму скидки, но не то и другое сразу.",
  },
  content_page_exists: {
    de: "Diese Seite gibt es schon. Bearbeiten Sie sie in der Liste.",
    ru: "Такая страница уже есть. Отредактируйте её в списке.",
  },
  invalid_datetime: {
    de: "Geben Sie Datum und Uhrzeit vollständig an.",
    ru: "Укажите дату и время полностью.",
  },
  gift_card_deactivated: {
    de: "Dieser Gutschein ist nicht mehr gültig.",
    ru: "Этот сертификат больше не действует.",
  },
} as const satisfies Record<string, Record<Locale, string>>;
