/**
 * Words the back office puts beside values (issue 29, D285–D289): yes/no, the audit log's own texts and
 * the labels of fields the audit log names that no form shows. Merged into `texts.ts`.
 */

const de = {
  resources: {
    audit: {
      fields: {
        at: "Zeitpunkt (Berliner Zeit)",
        user_email: "Wer",
        user: "Person",
        resource: "Bereich und Datensatz",
        action: "Aktion",
        after: "Was sich geändert hat",
      },
    },
  },
  admin: {
    words: { yes: "Ja", no: "Nein" },
    audit: {
      record: "Datensatz Nr. %{id}",
      no_values: "(Werte wegen Löschung der Person entfernt)",
      fields: {
        order: "Bestellung",
        resent: "Erneut gesendete E-Mail",
        template: "E-Mail-Vorlage",
        file: "Datei",
        lesson_date: "Termin am",
        attendance: "Anwesenheit",
        checkin: "Check-in",
        role: "Rolle",
        status: "Status",
        note: "Notiz",
        slot: "Termin",
        week: "Akademie-Woche",
        item: "Position",
        amount_cents: "Betrag",
        reason: "Grund",
        cancel_item: "Position storniert",
        credit_note: "Gutschrift (Datensatz Nr.)",
        request_id: "Vorgangsnummer",
        items: "Positionen",
        month: "Monat",
        format: "Format",
        email: "E-Mail",
        first_name: "Vorname",
        last_name: "Nachname",
        phone_number: "Telefon",
        name: "Name",
        price: "Preis",
        seats: "Plätze",
      },
    },
  },
};

const ru: typeof de = {
  resources: {
    audit: {
      fields: {
        at: "Время (по Берлину)",
        user_email: "Кто",
        user: "Сотрудник",
        resource: "Раздел и запись",
        action: "Действие",
        after: "Что изменилось",
      },
    },
  },
  admin: {
    words: { yes: "Да", no: "Нет" },
    audit: {
      record: "Запись № %{id}",
      no_values: "(данные удалены вместе с данными человека)",
      fields: {
        order: "Заказ",
        resent: "Повторно отправленное письмо",
        template: "Шаблон письма",
        file: "Файл",
        lesson_date: "Занятие",
        attendance: "Посещение",
        checkin: "Отметка прихода",
        role: "Роль",
        status: "Статус",
        note: "Заметка",
        slot: "Занятие",
        week: "Неделя академии",
        item: "Позиция",
        amount_cents: "Сумма",
        reason: "Причина",
        cancel_item: "Позиция отменена",
        credit_note: "Кредит-нота (запись №)",
        request_id: "Номер операции",
        items: "Позиции",
        month: "Месяц",
        format: "Формат",
        email: "Эл. почта",
        first_name: "Имя",
        last_name: "Фамилия",
        phone_number: "Телефон",
        name: "Название",
        price: "Цена",
        seats: "Мест",
      },
    },
  },
};

export const WORDS_TEXTS = { de, ru };
