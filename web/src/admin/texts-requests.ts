/** Texts of the requests inbox and people (issue 21; D136-D139), merged into texts.ts. */
const de = {
  resources: {
    "visit-requests": {
      name: "Besuchsanfrage |||| Besuchsanfragen",
      fields: {
        created_at: "Eingegangen",
        kind: "Art",
        product_name: "Angebot",
        adults: "Von",
        children: "Kinder",
        date: "Termin",
        status: "Stand",
        note: "Interne Notiz",
        handler: "Zuständig",
      },
    },
    "contact-requests": {
      name: "Kontaktanfrage |||| Kontaktanfragen",
      fields: {
        created_at: "Eingegangen",
        kind: "Art",
        last_name: "Name",
        phone: "Telefon",
        appointment_date: "Wunschtermin",
        status: "Stand",
        note: "Interne Notiz",
        handler: "Zuständig",
      },
    },
    people: {
      name: "Person |||| Personen",
      fields: {
        id: "Nr.",
        q: "Name, E-Mail oder Telefon",
        last_name: "Name",
        email: "E-Mail",
        phone_number: "Telefon",
        role: "Rolle",
        children: "Kinder",
        orders: "Bestellungen",
        requests: "Anfragen",
      },
    },
  },
  admin: {
    requests: {
      status: { new: "Neu", in_progress: "In Bearbeitung", done: "Erledigt" },
      kind: { trial: "Probestunde", out: "Besuch außer Haus", waiting: "Warteliste" },
      contact_kind: { appointment: "Termin", callback: "Rückruf", partnership: "Kooperation" },
      wished_date: "Wunschtermin",
      confirmed_date: "Bestätigter Termin",
      confirm_title: "Termin bestätigen",
      confirm_date: "Termin",
      confirm_button: "Termin bestätigen und Familie benachrichtigen",
      confirmed: "Termin bestätigt, die Familie bekommt eine E-Mail.",
      note_help: "Nur für das Team sichtbar.",
    },
    people: {
      grant_staff: "Zugang zur Verwaltung geben",
      revoke_staff: "Zugang zur Verwaltung entziehen",
      role_saved: "Rolle gespeichert.",
      erase_title: "Familie löschen (DSGVO Art. 17)",
      erase_text:
        "Löscht Konto, Kinder, Anmeldungen, Anfragen, Wartelisten-Einträge und E-Mails endgültig. Rechnungen und Gutschriften bleiben acht Jahre erhalten (§ 14b UStG, § 147 AO), mit dem Namen, wie er darauf steht.",
      erase_confirm: "Zur Bestätigung die E-Mail-Adresse eingeben: %{email}",
      erase_button: "Endgültig löschen",
      erased: "Die Familie wurde gelöscht.",
    },
  },
};

const ru: typeof de = {
  resources: {
    "visit-requests": {
      name: "Заявка на посещение |||| Заявки на посещение",
      fields: {
        created_at: "Поступила",
        kind: "Тип",
        product_name: "Предложение",
        adults: "От кого",
        children: "Дети",
        date: "Дата",
        status: "Статус",
        note: "Внутренняя заметка",
        handler: "Ответственный",
      },
    },
    "contact-requests": {
      name: "Обращение |||| Обращения",
      fields: {
        created_at: "Поступило",
        kind: "Тип",
        last_name: "Имя",
        phone: "Телефон",
        appointment_date: "Желаемая дата",
        status: "Статус",
        note: "Внутренняя заметка",
        handler: "Ответственный",
      },
    },
    people: {
      name: "Человек |||| Люди",
      fields: {
        id: "№",
        q: "Имя, e-mail или телефон",
        last_name: "Имя",
        email: "E-mail",
        phone_number: "Телефон",
        role: "Роль",
        children: "Дети",
        orders: "Заказы",
        requests: "Заявки",
      },
    },
  },
  admin: {
    requests: {
      status: { new: "Новая", in_progress: "В работе", done: "Готово" },
      kind: { trial: "Пробное занятие", out: "Выездное занятие", waiting: "Лист ожидания" },
      contact_kind: { appointment: "Встреча", callback: "Обратный звонок", partnership: "Сотрудничество" },
      wished_date: "Желаемая дата",
      confirmed_date: "Подтверждённая дата",
      confirm_title: "Подтвердить дату",
      confirm_date: "Дата",
      confirm_button: "Подтвердить дату и сообщить семье",
      confirmed: "Дата подтверждена, семья получит письмо.",
      note_help: "Видна только команде.",
    },
    people: {
      grant_staff: "Дать доступ к управлению",
      revoke_staff: "Закрыть доступ к управлению",
      role_saved: "Роль сохранена.",
      erase_title: "Удалить данные семьи (GDPR, ст. 17)",
      erase_text:
        "Безвозвратно удаляет учётную запись, детей, входы, заявки, записи в листах ожидания и письма. Счета и кредит-ноты хранятся восемь лет (§ 14b UStG, § 147 AO) с именем, как оно в них указано.",
      erase_confirm: "Для подтверждения введите адрес e-mail: %{email}",
      erase_button: "Удалить безвозвратно",
      erased: "Данные семьи удалены.",
    },
  },
};

export const REQUESTS_TEXTS = { de, ru };
