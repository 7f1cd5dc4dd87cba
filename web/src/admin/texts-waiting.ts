import { enumLabelsIn } from "@atelier/contract";

/** Texts of the staff waiting lists (issue 21, D162–D163), merged into `texts.ts`. */

const de = {
  resource: {
    name: "Warteliste |||| Wartelisten",
    fields: {
      id: "Nr.",
      position: "Platz",
      status: "Stand",
      child: "Kind",
      parent_name: "Eltern",
      parent_email: "E-Mail",
      parent_phone: "Telefon",
      product_name: "Angebot",
      unit: "Termin / Woche",
      created_at: "Seit",
      offer_expires_at: "Angebot bis",
      slot: "Termin (Nr.)",
      week: "Woche (Nr.)",
      product: "Angebot",
      date: "Tag",
    },
  },
  admin: {
    status: enumLabelsIn("waiting_status", "de"),
    offer: "Platz anbieten",
    add_seat_title: "Der Termin ist voll",
    add_seat_text:
      "Es ist kein Platz frei. Soll ein Platz hinzugefügt und %{child} angeboten werden? Die Eltern erhalten eine E-Mail mit dem Link.",
    add_seat_submit: "Platz hinzufügen und anbieten",
    offer_done: "Der Platz ist angeboten; die Eltern erhalten eine E-Mail mit dem Link.",
    remove: "Von der Liste nehmen",
    remove_title: "%{child} von der Warteliste nehmen?",
    remove_notify: "Die Eltern per E-Mail informieren",
    remove_submit: "Von der Liste nehmen",
    remove_done: "Der Eintrag ist von der Liste genommen.",
    cancel: "Abbrechen",
    weekly: "wöchentlich",
  },
};

const ru: typeof de = {
  resource: {
    name: "Лист ожидания |||| Листы ожидания",
    fields: {
      id: "№",
      position: "Место",
      status: "Статус",
      child: "Ребёнок",
      parent_name: "Родитель",
      parent_email: "E-mail",
      parent_phone: "Телефон",
      product_name: "Предложение",
      unit: "Время / неделя",
      created_at: "С какого времени",
      offer_expires_at: "Предложение до",
      slot: "Время (№)",
      week: "Неделя (№)",
      product: "Предложение",
      date: "День",
    },
  },
  admin: {
    status: enumLabelsIn("waiting_status", "ru"),
    offer: "Предложить место",
    add_seat_title: "Мест нет",
    add_seat_text:
      "Свободных мест нет. Добавить одно место и предложить его: %{child}? Родители получат письмо со ссылкой.",
    add_seat_submit: "Добавить место и предложить",
    offer_done: "Место предложено; родители получат письмо со ссылкой.",
    remove: "Убрать из листа",
    remove_title: "Убрать из листа ожидания: %{child}?",
    remove_notify: "Сообщить родителям по e-mail",
    remove_submit: "Убрать из листа",
    remove_done: "Запись убрана из листа ожидания.",
    cancel: "Отмена",
    weekly: "еженедельно",
  },
};

export const WAITING_TEXTS = { de, ru };
