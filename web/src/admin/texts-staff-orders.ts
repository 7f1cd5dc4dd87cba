/** Texts of the bookings by phone and the birthday-party requests (D156–D160), merged into texts.ts. */
export const STAFF_ORDER_TEXTS = {
  de: {
    resources: {
      "staff-orders": {
        name: "Telefonbuchung |||| Telefonbuchungen",
        fields: {
          parent: "Elternteil",
          visitor: "Kind",
          product_page: "Angebot",
          purchase_option: "Option",
          schedule_slots: "Termine",
          academy_weeks: "Wochen",
          comment: "Kommentar",
          hold_minutes: "Reservierung (Minuten)",
        },
      },
      "party-requests": {
        name: "Geburtstagsanfrage |||| Geburtstagsanfragen",
        fields: {
          created_at: "Eingegangen",
          product_name: "Angebot",
          parent_name: "Von",
          dates: "Wunschtermine",
          children_count: "Kinder",
          state: "Stand für die Familie",
          status: "Bearbeitung",
          note: "Interne Notiz",
          handler: "Zuständig",
        },
      },
    },
    admin: {
      staff_orders: {
        help: "Für Eltern, die anrufen: Preise, freie Plätze und das Alter des Kindes prüft der Shop. Die Eltern bekommen den Zahlungslink per E-Mail.",
        hold_help: "Leer: die übliche Reservierungszeit; 5 Minuten bis 7 Tage.",
        created: "Bestellung Nr. %{id} angelegt; der Zahlungslink ist unterwegs.",
      },
      party: {
        state: {
          sent: "Gesendet",
          confirmed: "Bestätigt – wartet auf Zahlung",
          paid: "Bezahlt",
          declined: "Abgelehnt",
          expired: "Reservierung abgelaufen",
        },
        order: "Bestellung Nr. %{id}",
        confirm_title: "Termin bestätigen",
        date: "Termin",
        hold: "Reservierung (Minuten)",
        confirm_button: "Bestätigen und Zahlungslink senden",
        decline_button: "Ablehnen",
        confirmed: "Bestätigt; der Zahlungslink ist unterwegs.",
        declined: "Anfrage abgelehnt.",
        day_taken: "Raum an diesem Tag schon vergeben: Anfrage Nr. %{ids}",
        allow_same_day: "Trotzdem bestätigen: beide Feiern finden statt",
      },
    },
  },
  ru: {
    resources: {
      "staff-orders": {
        name: "Бронирование по телефону |||| Бронирования по телефону",
        fields: {
          parent: "Родитель",
          visitor: "Ребёнок",
          product_page: "Предложение",
          purchase_option: "Вариант",
          schedule_slots: "Время занятий",
          academy_weeks: "Недели",
          comment: "Комментарий",
          hold_minutes: "Бронь (минуты)",
        },
      },
      "party-requests": {
        name: "Заявка на день рождения |||| Заявки на день рождения",
        fields: {
          created_at: "Получена",
          product_name: "Предложение",
          parent_name: "От кого",
          dates: "Желаемые даты",
          children_count: "Дети",
          state: "Статус для семьи",
          status: "Обработка",
          note: "Внутренняя заметка",
          handler: "Ответственный",
        },
      },
    },
    admin: {
      staff_orders: {
        help: "Для родителей, которые звонят: цены, свободные места и возраст ребёнка проверяет магазин. Родители получат ссылку на оплату по электронной почте.",
        hold_help: "Пусто — обычное время брони; от 5 минут до 7 дней.",
        created: "Заказ № %{id} создан; ссылка на оплату отправлена.",
      },
      party: {
        state: {
          sent: "Отправлена",
          confirmed: "Подтверждена — ждёт оплаты",
          paid: "Оплачена",
          declined: "Отклонена",
          expired: "Бронь истекла",
        },
        order: "Заказ № %{id}",
        confirm_title: "Подтвердить дату",
        date: "Дата",
        hold: "Бронь (минуты)",
        confirm_button: "Подтвердить и отправить ссылку на оплату",
        decline_button: "Отклонить",
        confirmed: "Подтверждено; ссылка на оплату отправлена.",
        declined: "Заявка отклонена.",
        day_taken: "Помещение в этот день уже занято: заявка № %{ids}",
        allow_same_day: "Всё равно подтвердить: оба праздника состоятся",
      },
    },
  },
};
