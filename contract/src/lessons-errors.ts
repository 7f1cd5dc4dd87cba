import type { Locale } from "./rules/locale.ts";

/** Error texts of absences, makeups and cancelled lessons, merged into the contract's one list. */
export const LESSON_ERROR_MESSAGES = {
  absence_too_late: {
    de: "Für diesen Termin ist es zu spät, eine Abwesenheit zu melden. Bitte rufen Sie die Schule an.",
    ru: "Сообщить об отсутствии на это занятие уже слишком поздно. Пожалуйста, позвоните в школу.",
  },
  absence_not_a_lesson: {
    de: "An diesem Tag hat Ihr Kind in diesem Kurs keinen Unterricht.",
    ru: "В этот день у вашего ребёнка нет занятия по этому курсу.",
  },
  absence_after_contract_end: {
    de: "Das Abo ist gekündigt und endet vorher: An diesem Tag hat Ihr Kind in diesem Kurs keinen Unterricht mehr.",
    ru: "Абонемент расторгнут и закончится раньше: в этот день занятий по этому курсу у вашего ребёнка уже не будет.",
  },
  absence_link_invalid: {
    de: "Dieser Link ist ungültig oder abgelaufen. Melden Sie die Abwesenheit bitte in Ihrem Konto.",
    ru: "Эта ссылка недействительна или устарела. Пожалуйста, сообщите об отсутствии в личном кабинете.",
  },
  credit_used: {
    de: "Dieses Nachholguthaben ist bereits eingelöst.",
    ru: "Эта отработка уже использована.",
  },
  credit_expired: {
    de: "Dieses Nachholguthaben ist abgelaufen.",
    ru: "Срок действия этой отработки истёк.",
  },
  makeup_slot_not_allowed: {
    de: "Dieses Guthaben gilt nur für Termine desselben Kurses.",
    ru: "Эта отработка действует только для занятий того же курса.",
  },
  makeup_no_lesson: {
    de: "An diesem Tag findet in dieser Gruppe kein Unterricht statt.",
    ru: "В этот день в этой группе нет занятия.",
  },
  makeup_full: {
    de: "An diesem Termin ist kein Platz mehr frei. Bitte wählen Sie einen anderen.",
    ru: "На это занятие свободных мест больше нет. Пожалуйста, выберите другое.",
  },
  makeup_child_attends: {
    de: "Ihr Kind ist an diesem Termin bereits in dieser Gruppe. Bitte wählen Sie einen anderen Termin.",
    ru: "Ваш ребёнок уже будет на этом занятии. Пожалуйста, выберите другое.",
  },
  lesson_already_cancelled: {
    de: "Dieser Termin ist bereits abgesagt.",
    ru: "Это занятие уже отменено.",
  },
  lesson_in_past: {
    de: "Dieser Termin liegt in der Vergangenheit.",
    ru: "Это занятие уже прошло.",
  },
  lesson_closed: {
    de: "An diesem Tag ist das Haus geschlossen oder der Kurs pausiert: Die Stunde findet ohnehin nicht statt, und die Abos verlängern sich dafür.",
    ru: "В этот день здание закрыто или курс на паузе: занятия и так нет, а абонементы за это продлеваются.",
  },
} as const satisfies Record<string, Record<Locale, string>>;
