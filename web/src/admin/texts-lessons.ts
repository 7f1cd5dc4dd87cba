/**
 * Texts of lessons over a season in the back office (issue 35): cancelled lessons, the reminders' switches,
 * a family's makeup credits, and what the roster and the dashboard add; merged into `texts.ts`.
 */
const de = {
  resources: {
    "lesson-cancellations": {
      name: "Abgesagte Stunde |||| Abgesagte Stunden",
      fields: {
        date: "Datum",
        start: "Uhrzeit",
        product_name: "Angebot",
        reason: "Grund",
        cancelled_at: "Abgesagt am",
        from: "Ab dem Tag",
      },
    },
  },
  admin: {
    lessons: {
      cancel: {
        title: "Eine Stunde absagen",
        intro:
          "Wählen Sie den Tag und den Termin. Jede angemeldete Familie bekommt sofort eine E-Mail in ihrer Sprache; jedes Kind bekommt ein Nachholguthaben oder, wenn das Angebot es so regelt, einen längeren bezahlten Zeitraum.",
        date: "Tag der Stunde",
        lesson: "Termin",
        no_lessons: "An diesem Tag findet kein Termin statt.",
        lesson_line: "%{start}–%{end} %{name}, angemeldet: %{children}",
        already: "schon abgesagt",
        reason_de: "Grund auf Deutsch",
        reason_ru: "Grund auf Russisch",
        reason_help: "Die Eltern lesen ihn in der E-Mail, z. B. „Die Lehrerin ist krank.“",
        submit: "Stunde absagen",
        confirm_title: "Diese Stunde wirklich absagen?",
        confirm_text:
          "%{name} am %{day} um %{start} Uhr wird abgesagt. Angemeldete Kinder: %{children}. Ihre Familien bekommen sofort eine E-Mail; das lässt sich nicht rückgängig machen.",
        done: "Abgesagt. Kinder: %{children}, Nachholguthaben: %{credits}, E-Mails: %{mails}.",
        empty: "Ab diesem Tag ist keine Stunde abgesagt.",
        new: "Eine Stunde absagen",
      },
      reminders: {
        menu: "Erinnerungen",
        title: "Erinnerungen an die Familien",
        intro:
          "Am Tag vor der Stunde schickt der Shop jeder Familie einmal eine E-Mail in ihrer Sprache: Uhrzeit, Haus mit Adresse und Kartenlink, was mitzubringen ist, und den Link, mit dem Eltern ihr Kind abmelden. Hier schalten Sie jede Art ab oder wieder an.",
        first_lesson: "Vor der ersten Stunde eines Kurses, einer Akademiewoche oder eines Workshops",
        trial: "Vor einer Probestunde",
        makeup: "Vor einer Nachholstunde",
        saved_on: "Die Erinnerung wird wieder verschickt.",
        saved_off: "Die Erinnerung ist abgeschaltet.",
      },
      credits: {
        title: "Nachholguthaben",
        none: "Keine Nachholguthaben.",
        line: "%{child} · %{course} · für den %{date}",
        reason: { absence: "abgemeldet", cancelled: "Stunde abgesagt" },
        status: {
          open: "offen, gültig bis %{date}",
          used: "eingelöst",
          expired: "abgelaufen am %{date}",
        },
        makeup: "Nachholstunde am %{date} um %{start} Uhr",
      },
      roster: {
        cancelled: "Diese Stunde ist abgesagt. Grund: %{reason}",
        cancelled_mark: "abgesagt",
        reported_absent: "Von den Eltern abgemeldet",
        makeup: "Nachholstunde",
        summary: "Von den Eltern abgemeldet: %{absent} · zum Nachholen hier: %{makeups}",
        cancel_button: "Diese Stunde absagen",
      },
      dashboard: {
        makeups_week: "Nachholstunden diese Woche",
        makeups_line: "%{smart_count} Nachholstunde gebucht |||| %{smart_count} Nachholstunden gebucht",
        cancelled: "abgesagt",
        makeups: "davon zum Nachholen: %{makeups}",
      },
    },
  },
};

const ru: typeof de = {
  resources: {
    "lesson-cancellations": {
      name: "Отменённое занятие |||| Отменённые занятия",
      fields: {
        date: "Дата",
        start: "Время",
        product_name: "Предложение",
        reason: "Причина",
        cancelled_at: "Когда отменено",
        from: "Начиная с",
      },
    },
  },
  admin: {
    lessons: {
      cancel: {
        title: "Отменить занятие",
        intro:
          "Выберите день и занятие. Каждая записанная семья сразу получит письмо на своём языке; каждый ребёнок получит кредит на отработку или, если так указано в правилах предложения, оплаченный период продлится.",
        date: "День занятия",
        lesson: "Занятие",
        no_lessons: "В этот день занятий нет.",
        lesson_line: "%{start}–%{end} %{name}, записано: %{children}",
        already: "уже отменено",
        reason_de: "Причина по-немецки",
        reason_ru: "Причина по-русски",
        reason_help: "Родители прочитают её в письме, например: «Преподаватель заболел».",
        submit: "Отменить занятие",
        confirm_title: "Точно отменить это занятие?",
        confirm_text:
          "Занятие «%{name}» %{day} в %{start} будет отменено. Записано детей: %{children}. Их семьи сразу получат письмо; отменить это действие нельзя.",
        done: "Отменено. Детей: %{children}, кредитов на отработку: %{credits}, писем: %{mails}.",
        empty: "Начиная с этого дня отменённых занятий нет.",
        new: "Отменить занятие",
      },
      reminders: {
        menu: "Напоминания",
        title: "Напоминания семьям",
        intro:
          "Накануне занятия магазин один раз отправляет каждой семье письмо на её языке: время, здание с адресом и ссылкой на карту, что взять с собой, и ссылку, по которой родители сообщают о пропуске. Здесь можно отключить или снова включить каждый вид.",
        first_lesson: "Перед первым занятием курса, недели академии или мастер-класса",
        trial: "Перед пробным занятием",
        makeup: "Перед отработкой",
        saved_on: "Напоминание снова отправляется.",
        saved_off: "Напоминание отключено.",
      },
      credits: {
        title: "Кредиты на отработку",
        none: "Кредитов на отработку нет.",
        line: "%{child} · %{course} · за %{date}",
        reason: { absence: "сообщили о пропуске", cancelled: "занятие отменено" },
        status: {
          open: "действует до %{date}",
          used: "использован",
          expired: "истёк %{date}",
        },
        makeup: "отработка %{date} в %{start}",
      },
      roster: {
        cancelled: "Это занятие отменено. Причина: %{reason}",
        cancelled_mark: "отменено",
        reported_absent: "Родители сообщили, что не придёт",
        makeup: "Отработка",
        summary: "Родители сообщили о пропуске: %{absent} · пришли на отработку: %{makeups}",
        cancel_button: "Отменить это занятие",
      },
      dashboard: {
        makeups_week: "Отработки на этой неделе",
        makeups_line:
          "Записано на отработку: %{smart_count} занятие |||| Записано на отработку: %{smart_count} занятия |||| Записано на отработку: %{smart_count} занятий",
        cancelled: "отменено",
        makeups: "из них на отработку: %{makeups}",
      },
    },
  },
};

export const LESSON_TEXTS = { de, ru };
