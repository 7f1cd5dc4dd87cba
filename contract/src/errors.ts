import type { Locale } from "./rules/locale.ts";

/**
 * Stable error codes carried in `error_codes` beside the DRF-style messages.
 * Web maps codes, never prose; the server writes the message in the request's locale.
 */
export const ERROR_MESSAGES = {
  required: { de: "Dieses Feld ist erforderlich.", ru: "Это поле обязательно." },
  invalid: { de: "Ungültiger Wert.", ru: "Недопустимое значение." },
  too_long: { de: "Der Wert ist zu lang.", ru: "Значение слишком длинное." },
  too_short: { de: "Der Wert ist zu kurz.", ru: "Значение слишком короткое." },
  too_small: { de: "Der Wert ist zu klein.", ru: "Значение слишком маленькое." },
  too_big: { de: "Der Wert ist zu groß.", ru: "Значение слишком большое." },
  invalid_type: { de: "Falscher Datentyp.", ru: "Неверный тип данных." },
  invalid_choice: { de: "Ungültige Auswahl.", ru: "Недопустимый вариант." },
  unknown_field: { de: "Unbekanntes Feld.", ru: "Неизвестное поле." },
  invalid_email: {
    de: "Geben Sie eine gültige E-Mail-Adresse ein.",
    ru: "Введите правильный адрес электронной почты.",
  },
  invalid_phone: {
    de: "Geben Sie eine gültige Telefonnummer ein.",
    ru: "Введите правильный номер телефона.",
  },
  password_min_length: { de: "Mindestens 8 Zeichen.", ru: "Минимум 8 символов." },
  password_too_long: { de: "Höchstens 64 Zeichen.", ru: "Не более 64 символов." },
  password_uppercase: { de: "Mindestens ein Großbuchstabe.", ru: "Хотя бы одна заглавная буква." },
  password_lowercase: { de: "Mindestens ein Kleinbuchstabe.", ru: "Хотя бы одна строчная буква." },
  password_digit: { de: "Mindestens eine Ziffer.", ru: "Хотя бы одна цифра." },
  password_special: { de: "Mindestens ein Sonderzeichen.", ru: "Хотя бы один специальный символ." },
  password_mismatch: {
    de: "Die beiden Passwörter stimmen nicht überein.",
    ru: "Два поля пароля не совпадают.",
  },
  not_found: { de: "Nicht gefunden.", ru: "Не найдено." },
  not_authenticated: { de: "Anmeldedaten fehlen.", ru: "Учётные данные не были предоставлены." },
  permission_denied: { de: "Keine Berechtigung.", ru: "Недостаточно прав." },
  method_not_allowed: { de: "Methode nicht erlaubt.", ru: "Метод не разрешён." },
  payload_too_large: { de: "Die Anfrage ist zu groß.", ru: "Запрос слишком большой." },
  unsupported_media_type: { de: "Nicht unterstützter Inhaltstyp.", ru: "Неподдерживаемый тип содержимого." },
  parse_error: { de: "Die Anfrage ist fehlerhaft.", ru: "Некорректный запрос." },
  throttled: {
    de: "Zu viele Anfragen. Bitte später erneut versuchen.",
    ru: "Слишком много запросов. Попробуйте позже.",
  },
  server_error: { de: "Ein interner Fehler ist aufgetreten.", ru: "Произошла внутренняя ошибка." },
} as const satisfies Record<string, Record<Locale, string>>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_MESSAGES, value);
}

export function errorMessage(code: string, locale: Locale): string {
  return isErrorCode(code) ? ERROR_MESSAGES[code][locale] : ERROR_MESSAGES.invalid[locale];
}

/** DRF-style error body: `{"field": ["message"]}`, `non_field_errors`, or `detail`, plus stable codes. */
export type ErrorBody = {
  detail?: string;
  non_field_errors?: string[];
  error_codes?: Record<string, string[] | string>;
  [field: string]: unknown;
};
