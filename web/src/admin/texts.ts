import { enumLabelsIn } from "@atelier/contract";
import { mergeTranslations, type TranslationMessages } from "react-admin";
import { ACCOUNT_TEXTS } from "./texts-account.ts";
import { ATTENDANCE_TEXTS } from "./texts-attendance.ts";
import { CATALOGUE_TEXTS } from "./texts-catalogue.ts";
import { CONTENT_TEXTS } from "./texts-content.ts";
import { IMAGE_TEXTS } from "./texts-images.ts";
import { LESSON_TEXTS } from "./texts-lessons.ts";
import { OFFICE_TEXTS } from "./texts-office.ts";
import { ORDER_TEXTS } from "./texts-orders.ts";
import { REQUESTS_TEXTS } from "./texts-requests.ts";
import { STAFF_ORDER_TEXTS } from "./texts-staff-orders.ts";
import { WAITING_TEXTS } from "./texts-waiting.ts";
import { WORDS_TEXTS } from "./texts-words.ts";

const de = {
  attendance: ATTENDANCE_TEXTS.de,
  resources: {
    ...CATALOGUE_TEXTS.de.resources,
    orders: ORDER_TEXTS.de.resource,
    "waiting-list": WAITING_TEXTS.de.resource,
    products: {
      name: "Angebot |||| Angebote",
      fields: {
        id: "Nr.",
        slug: "Adresse (Slug)",
        product_type: "Art",
        name: "Titel",
        summary: "Kurzbeschreibung",
        body: "Beschreibung",
        program: "Programm",
        seo_text: "SEO-Text",
        length: "Dauer",
        qna: "Häufige Fragen",
        age_group: "Altersgruppe",
        language: "Unterrichtssprache",
        category: "Kategorie",
        location: "Ort (genauer)",
        location_id: "Haus",
        instructors: "Lehrkräfte",
        is_published: "Veröffentlicht",
        is_featured: "Hervorgehoben",
        sort_order: "Reihenfolge",
        refund_days_before: "Kostenlos stornierbar bis … Tage vorher",
        lesson_rules: {
          makeup_allowed: "Nachholstunden für gemeldete Abwesenheiten",
          absence_cutoff_minutes: "Abmelden bis … Minuten vor Beginn",
          credit_valid_days: "Nachholguthaben gültig … Tage",
          credits_per_month: "Höchstens … Nachholguthaben im Monat",
          cancelled_lesson_outcome: "Wenn die Schule eine Stunde absagt",
          makeup_group: "Nachholgruppe (gleiches Fach und Alter)",
          what_to_bring: "Bitte mitbringen",
        },
        updated_at: "Zuletzt geändert",
        q: "Suche",
      },
    },
    slots: {
      name: "Termin |||| Termine",
      fields: {
        id: "Nr.",
        product_page: "Angebot",
        weekday: "Wochentag (wöchentlich)",
        date: "Datum (einzelner Termin)",
        start: "Beginn (HH:MM)",
        end: "Ende (HH:MM)",
        seats: "Plätze",
        seats_taken: "Vergeben",
        instructor: "Lehrkraft",
        archived: "Archiviert",
        archived_at: "Archiviert am",
      },
    },
    closures: {
      name: "Ferien oder Schließtag |||| Ferien und Schließtage",
      fields: {
        location_id: "Haus",
        starts_on: "Erster Tag",
        ends_on: "Letzter Tag",
        name: "Bezeichnung",
      },
    },
    ...REQUESTS_TEXTS.de.resources,
    audit: {
      name: "Protokoll |||| Protokoll",
      fields: {
        at: "Zeitpunkt",
        user_email: "Wer",
        user: "Person (Nr.)",
        resource: "Bereich",
        record_id: "Datensatz",
        action: "Aktion",
        before: "Vorher",
        after: "Nachher",
      },
    },
  },
  admin: {
    product_types: enumLabelsIn("product_type", "de"),
    orders: ORDER_TEXTS.de.admin,
    waiting: WAITING_TEXTS.de.admin,
    ...CATALOGUE_TEXTS.de.admin,
    lang: { de: "Deutsch", ru: "Russisch" },
    tabs: {
      general: "Allgemein",
      texts: "Texte",
      lesson_rules: "Fehlzeiten und Nachholen",
      schedule: "Termine",
      prices: "Preise",
    },
    lesson_rules: {
      outcome_credit: "Jedes Kind bekommt ein Nachholguthaben",
      outcome_lengthen: "Der bezahlte Zeitraum verlängert sich",
      makeup_group_help:
        "Seiten mit demselben Wort gelten als gleichwertig: ein Guthaben gilt auch in ihren Terminen. Leer: nur dieser Kurs.",
    },
    question: "Frage",
    answer: "Antwort",
    weekdays: ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
    action: enumLabelsIn("audit_action", "de"),
    add_slot: "Termin hinzufügen",
    add_price: "Preis hinzufügen",
    slot_remove: "Löschen (mit Buchungen: archivieren)",
    refund_days_help:
      "Nur Workshops und Veranstaltungen: bis so viele Tage vor dem Termin erstatten wir den vollen Preis, wenn Eltern selbst stornieren. Leer: keine kostenlose Stornierung.",
    closure_location_help: "Leer lassen, wenn alle Häuser geschlossen sind.",
    closure_everywhere: "Alle Häuser",
    ...REQUESTS_TEXTS.de.admin,
    refusal: {
      title: "Kein Zugang zur Verwaltung",
      text: "Sie sind mit einem Kundenkonto angemeldet. Die Verwaltung des Shops ist nur für Mitarbeiterinnen und Mitarbeiter der Schule. Wenn Sie zum Team gehören, bitten Sie die Schulleitung, Ihr Konto freizuschalten.",
      shop: "Zum Shop",
      sign_out: "Abmelden und mit einem anderen Konto anmelden",
    },
  },
};

const ru: typeof de = {
  attendance: ATTENDANCE_TEXTS.ru,
  resources: {
    orders: ORDER_TEXTS.ru.resource,
    "waiting-list": WAITING_TEXTS.ru.resource,
    ...CATALOGUE_TEXTS.ru.resources,
    products: {
      name: "Предложение |||| Предложения",
      fields: {
        id: "№",
        slug: "Адрес (slug)",
        product_type: "Тип",
        name: "Название",
        summary: "Краткое описание",
        body: "Описание",
        program: "Программа",
        seo_text: "SEO-текст",
        length: "Продолжительность",
        qna: "Частые вопросы",
        age_group: "Возрастная группа",
        language: "Язык занятий",
        category: "Категория",
        location: "Место (подробнее)",
        location_id: "Здание",
        instructors: "Преподаватели",
        is_published: "Опубликовано",
        is_featured: "На главной",
        sort_order: "Порядок",
        refund_days_before: "Бесплатная отмена не позднее чем за … дней",
        lesson_rules: {
          makeup_allowed: "Отработки за пропуски, о которых сообщили",
          absence_cutoff_minutes: "Сообщить о пропуске не позднее чем за … минут",
          credit_valid_days: "Кредит на отработку действует … дней",
          credits_per_month: "Не больше … кредитов в месяц",
          cancelled_lesson_outcome: "Если школа отменяет занятие",
          makeup_group: "Группа отработок (тот же предмет и возраст)",
          what_to_bring: "Что взять с собой",
        },
        updated_at: "Изменено",
        q: "Поиск",
      },
    },
    slots: {
      name: "Занятие |||| Занятия",
      fields: {
        id: "№",
        product_page: "Предложение",
        weekday: "День недели (еженедельно)",
        date: "Дата (разовое занятие)",
        start: "Начало (ЧЧ:ММ)",
        end: "Окончание (ЧЧ:ММ)",
        seats: "Мест",
        seats_taken: "Занято",
        instructor: "Преподаватель",
        archived: "В архиве",
        archived_at: "В архиве с",
      },
    },
    closures: {
      name: "Каникулы или выходной день |||| Каникулы и выходные дни",
      fields: {
        location_id: "Здание",
        starts_on: "Первый день",
        ends_on: "Последний день",
        name: "Название",
      },
    },
    ...REQUESTS_TEXTS.ru.resources,
    audit: {
      name: "Журнал |||| Журнал",
      fields: {
        at: "Время",
        user_email: "Кто",
        user: "Сотрудник (№)",
        resource: "Раздел",
        record_id: "Запись",
        action: "Действие",
        before: "До",
        after: "После",
      },
    },
  },
  admin: {
    product_types: enumLabelsIn("product_type", "ru"),
    orders: ORDER_TEXTS.ru.admin,
    waiting: WAITING_TEXTS.ru.admin,
    ...CATALOGUE_TEXTS.ru.admin,
    lang: { de: "Немецкий", ru: "Русский" },
    tabs: {
      general: "Основное",
      texts: "Тексты",
      lesson_rules: "Пропуски и отработки",
      schedule: "Расписание",
      prices: "Цены",
    },
    lesson_rules: {
      outcome_credit: "Каждый ребёнок получает кредит на отработку",
      outcome_lengthen: "Оплаченный период продлевается",
      makeup_group_help:
        "Страницы с одинаковым словом считаются равноценными: кредит действует и в их занятиях. Пусто — только этот курс.",
    },
    question: "Вопрос",
    answer: "Ответ",
    weekdays: ["Понедельник", "Вторник", "Среда", "Четверг", "Пятница", "Суббота", "Воскресенье"],
    action: enumLabelsIn("audit_action", "ru"),
    add_slot: "Добавить занятие",
    add_price: "Добавить цену",
    slot_remove: "Удалить (если есть записи — в архив)",
    refund_days_help:
      "Только для мастер-классов и мероприятий: если родители отменяют запись не позднее чем за столько дней, мы возвращаем полную стоимость. Пусто — бесплатной отмены нет.",
    closure_location_help: "Оставьте пустым, если закрыты все здания.",
    closure_everywhere: "Все здания",
    ...REQUESTS_TEXTS.ru.admin,
    refusal: {
      title: "Нет доступа к управлению",
      text: "Вы вошли с учётной записью клиента. Управление магазином доступно только сотрудникам школы. Если вы работаете у нас, попросите руководство школы открыть доступ для вашей учётной записи.",
      shop: "В магазин",
      sign_out: "Выйти и войти под другой учётной записью",
    },
  },
};

/** The back office's own texts beside react-admin's, in both languages of the school. */
export const ADMIN_TEXTS = {
  de: mergeTranslations(
    de,
    CONTENT_TEXTS.de,
    IMAGE_TEXTS.de,
    STAFF_ORDER_TEXTS.de,
    ACCOUNT_TEXTS.de,
    OFFICE_TEXTS.de,
    WORDS_TEXTS.de,
    LESSON_TEXTS.de,
  ),
  ru: mergeTranslations(
    ru,
    CONTENT_TEXTS.ru,
    IMAGE_TEXTS.ru,
    STAFF_ORDER_TEXTS.ru,
    ACCOUNT_TEXTS.ru,
    OFFICE_TEXTS.ru,
    WORDS_TEXTS.ru,
    LESSON_TEXTS.ru,
  ),
} as unknown as Record<"de" | "ru", TranslationMessages>;
