import type { Locale } from "./rules/locale.ts";

/** Error texts of the back office's content pages, promocodes, gift cards (D123–D125) and redirects (D189). */
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
    de: "Geben Sie genau eines an: einen Prozentsatz oder einen Betrag.",
    ru: "Укажите что-то одно: процент или сумму скидки.",
  },
  promocode_gift_card: {
    de: "Ein Rabattcode gilt nicht für Geschenkgutscheine: Ein Gutschein ist ein Zahlungsmittel und wird zu seinem vollen Wert verkauft.",
    ru: "Промокод не действует на подарочные сертификаты: сертификат — это средство оплаты, он продаётся по полной стоимости.",
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
  invalid_redirect_path: {
    de: "Geben Sie eine Adresse dieses Shops an: beginnt mit /, ohne Leerzeichen, ? und #, z. B. /sommer.",
    ru: "Укажите адрес этого магазина: начинается с /, без пробелов, ? и #, например /sommer.",
  },
  redirect_path_reserved: {
    de: "Unter dieser Adresse gibt es schon eine Seite des Shops, oder das System braucht sie selbst.",
    ru: "По этому адресу уже есть страница магазина, или он нужен самой системе.",
  },
  invalid_redirect_target: {
    de: "Geben Sie eine Seite dieses Shops an, die mit / beginnt (z. B. /courses), oder eine vollständige Adresse mit https://.",
    ru: "Укажите страницу этого магазина, начинающуюся с / (например, /courses), или полный адрес с https://.",
  },
  redirect_exists: {
    de: "Für diese Adresse gibt es schon eine Weiterleitung. Bearbeiten Sie sie in der Liste.",
    ru: "Для этого адреса уже есть перенаправление. Измените его в списке.",
  },
  redirect_loop: {
    de: "Diese Weiterleitung führt im Kreis: Ihr Ziel leitet zurück auf ihre eigene Adresse.",
    ru: "Это перенаправление ведёт по кругу: его цель ведёт обратно на его же адрес.",
  },
} as const satisfies Record<string, Record<Locale, string>>;
