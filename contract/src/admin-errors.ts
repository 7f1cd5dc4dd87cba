import type { Locale } from "./rules/locale.ts";

/**
 * Error texts of the back office (D97), merged into the contract's one list of codes. `{taken}` and other
 * names in braces are filled from the error's parameters by `errorMessage`.
 */
export const ADMIN_ERROR_MESSAGES = {
  invalid_slug: {
    de: "Nur Kleinbuchstaben, Ziffern und Bindestriche, z. B. malen-fuer-kinder.",
    ru: "Только строчные латинские буквы, цифры и дефисы, например malen-fuer-kinder.",
  },
  slug_taken: {
    de: "Diese Adresse hat schon eine andere Seite.",
    ru: "Этот адрес уже занят другой страницей.",
  },
  invalid_time: {
    de: "Geben Sie eine Uhrzeit im Format HH:MM ein.",
    ru: "Укажите время в формате ЧЧ:ММ.",
  },
  weekday_or_date: {
    de: "Geben Sie entweder einen Wochentag (wöchentlich) oder ein Datum (einzelner Termin) an.",
    ru: "Укажите либо день недели (еженедельно), либо дату (разовое занятие).",
  },
  slot_weekly_only: {
    de: "Ein Kurs findet wöchentlich statt: Geben Sie einen Wochentag statt eines Datums an.",
    ru: "Курс проходит еженедельно: укажите день недели, а не дату.",
  },
  slot_dated_only: {
    de: "Workshops und Veranstaltungen haben einzelne Termine: Geben Sie ein Datum statt eines Wochentags an.",
    ru: "У мастер-классов и мероприятий отдельные даты: укажите дату, а не день недели.",
  },
  end_before_start: {
    de: "Das Ende muss nach dem Beginn liegen.",
    ru: "Окончание должно быть позже начала.",
  },
  closure_too_long: {
    de: "Ferien oder Schließtage dauern je Eintrag höchstens ein Jahr. Legen Sie längere Zeiten als mehrere Einträge an.",
    ru: "Одна запись о каникулах или выходных днях — не больше года. Более долгий срок разбейте на несколько записей.",
  },
  seats_below_taken: {
    de: "Bereits vergeben: {taken}. Weniger Plätze sind nicht möglich.",
    ru: "Уже занято мест: {taken}. Меньше поставить нельзя.",
  },
  stale_version: {
    de: "Jemand anderes hat diesen Eintrag inzwischen geändert. Ihre Eingaben sind noch da: Öffnen Sie den Eintrag in einem neuen Tab, um die neue Fassung zu sehen, und speichern Sie dann erneut.",
    ru: "Кто-то уже изменил эту запись. Ваши изменения не потеряны: откройте запись в новой вкладке, чтобы увидеть новую версию, и сохраните ещё раз.",
  },
} as const satisfies Record<string, Record<Locale, string>>;
