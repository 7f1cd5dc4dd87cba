import type { Locale } from "./rules/locale.ts";

/** Error texts of the orders screens and the staff refund (D127–D129), merged into the contract's one list. */
export const ADMIN_ORDER_ERROR_MESSAGES = {
  refund_too_much: {
    de: "Höchstens {max} können für diese Position noch erstattet werden.",
    ru: "По этой позиции можно вернуть не больше {max}.",
  },
  refund_gift_card_deactivated: {
    de: "Der Gutschein, mit dem diese Bestellung bezahlt wurde, ist deaktiviert; auf ihn kann nichts zurückgebucht werden. Erstatten Sie über die Zahlung höchstens {max} und stellen Sie für den Rest einen neuen Gutschein aus.",
    ru: "Подарочный сертификат, которым оплачен этот заказ, деактивирован, и вернуть на него деньги нельзя. Верните через платёж не больше {max}, а на остаток выпустите новый сертификат.",
  },
  refund_item_withdrawn: {
    de: "Für diese Position wurde bereits der Widerruf erklärt; die Erstattung läuft darüber.",
    ru: "По этой позиции уже оформлен отказ от договора; возврат идёт через него.",
  },
  refund_nothing: {
    de: "Geben Sie einen Betrag über 0 € an oder stornieren Sie die Position.",
    ru: "Укажите сумму больше 0 € или отмените позицию.",
  },
  refund_nothing_booked: {
    de: "Im Zahlungskonto ist für diese Bestellung keine Erstattung offen, die noch gebucht werden müsste.",
    ru: "В платёжной системе нет возврата по этому заказу, который ещё нужно провести.",
  },
  refund_booked_too_much: {
    de: "Von den Erstattungen im Zahlungskonto sind nur noch {max} keiner Position zugeordnet.",
    ru: "Из возвращённого в платёжной системе ни к одной позиции не отнесено только {max}.",
  },
  refund_not_failed: {
    de: "Diese Erstattung ist nicht fehlgeschlagen; hier ist nichts zu erledigen. Bitte laden Sie die Bestellung neu.",
    ru: "Этот возврат не завершился ошибкой, делать здесь ничего не нужно. Перезагрузите страницу заказа.",
  },
  refund_seen_at_gateway: {
    de: "Im Zahlungskonto sind schon {amount} erstattet, die keiner Erstattung hier zugeordnet sind. War das diese Erstattung, wählen Sie „Ist schon im Zahlungskonto … von Hand erstattet“; sonst buchen Sie den Betrag zuerst bei seiner Position („Erstatten oder stornieren“, „nur buchen“). So geht das Geld nicht zweimal zurück.",
    ru: "В платёжной системе уже возвращена сумма {amount}, не отнесённая ни к одному возврату здесь. Если это был этот возврат, выберите «Уже возвращено вручную в платёжной системе»; иначе сначала проведите эту сумму по её позиции («Вернуть деньги или отменить», «только провести»). Так деньги не уйдут дважды.",
  },
  refund_not_at_gateway: {
    de: "PayPal bzw. Stripe hat noch keine Erstattung über {amount} gemeldet, die dieser Erstattung zugeordnet werden kann. Erstatten Sie den Betrag im Zahlungskonto; sobald er gemeldet ist (meist nach wenigen Minuten), können Sie die Erstattung hier als erledigt markieren.",
    ru: "PayPal или Stripe ещё не сообщил о возврате на {amount}, который можно отнести к этому возврату. Верните сумму в платёжной системе; как только о ней придёт сообщение (обычно через несколько минут), возврат можно будет отметить здесь как выполненный.",
  },
  payment_issue_not_failed: {
    de: "Nur eine Erstattung, die aufgegeben wurde, kann erneut versucht werden. Prüfen Sie die Zahlung und markieren Sie sie als erledigt.",
    ru: "Повторить можно только возврат, попытки которого прекращены. Проверьте платёж и отметьте его как обработанный.",
  },
  payment_issue_running: {
    de: "Diese Erstattung läuft noch. Als erledigt markieren lässt sie sich erst, wenn die Versuche aufgegeben wurden.",
    ru: "Этот возврат ещё выполняется. Отметить его как обработанный можно только после того, как попытки будут прекращены.",
  },
  refund_item_cancelled: {
    de: "Diese Position ist bereits storniert.",
    ru: "Эта позиция уже отменена.",
  },
  mail_text_cleared: {
    de: "Diese E-Mail wurde vor mehr als {days} Tagen versandt; ihr Text wird nicht mehr aufbewahrt, daher kann sie nicht erneut gesendet werden. Rechnungen und Gutschriften finden Sie unter „Rechnungen und Gutschriften“.",
    ru: "Письмо отправлено более {days} дней назад: его текст уже не хранится, поэтому отправить его повторно нельзя. Счета и кредит-ноты можно скачать в разделе «Счета и кредит-ноты».",
  },
  mail_link_expired: {
    de: "Der Link in dieser E-Mail galt nur {hours} Std. und ist abgelaufen; erneut gesendet würde er nicht mehr funktionieren. Die Familie fordert auf der Website einen neuen an (Passwort vergessen oder Bestätigung erneut senden).",
    ru: "Ссылка в этом письме действовала только {hours} ч. и уже истекла: повторно отправленная, она не сработает. Семья может запросить новую ссылку на сайте (восстановление пароля или повторное подтверждение).",
  },
  dispute_not_lost: {
    de: "Als erledigt markieren lässt sich nur ein verlorener Streitfall oder eine Rückbuchung. Ein offener Fall endet, wenn der Zahlungsdienst ihn entscheidet.",
    ru: "Отметить как решённый можно только проигранный спор или отозванный платёж. Открытый спор закрывается, когда его решит платёжная система.",
  },
  no_confirmation: {
    de: "Zu dieser Bestellung wurde keine Bestellbestätigung verschickt.",
    ru: "Подтверждение этого заказа не отправлялось.",
  },
  refund_request_reused: {
    de: "Diese Erstattung wurde schon mit anderen Angaben erfasst. Bitte laden Sie die Bestellung neu und prüfen Sie ihre Erstattungen.",
    ru: "Этот возврат уже был оформлен с другими данными. Перезагрузите страницу заказа и проверьте его возвраты.",
  },
  order_not_paid: {
    de: "Diese Bestellung ist nicht bezahlt.",
    ru: "Этот заказ не оплачен.",
  },
  order_not_cancellable: {
    de: "Stornieren lässt sich hier nur eine Telefonbuchung, die noch auf ihre Zahlung wartet. Eine bezahlte Bestellung wird über „Erstatten oder stornieren“ zurückgegeben.",
    ru: "Здесь можно отменить только запись по телефону, которая ещё ждёт оплаты. Оплаченный заказ возвращается через «Вернуть деньги или отменить».",
  },
} as const satisfies Record<string, Record<Locale, string>>;

/** Error texts of moving a child (D161) and the staff waiting lists (D162, D163). */
export const ADMIN_MOVE_ERROR_MESSAGES = {
  move_item_not_active: {
    de: "Nur eine aktive Buchung einer bezahlten Bestellung kann umgebucht werden.",
    ru: "Перенести можно только действующую запись из оплаченного заказа.",
  },
  move_not_booked: {
    de: "Diese Position ist nicht für diesen Termin bzw. diese Woche gebucht.",
    ru: "Эта позиция не записана на это время или на эту неделю.",
  },
  move_same_unit: {
    de: "Wählen Sie einen anderen Termin bzw. eine andere Woche als den bisherigen.",
    ru: "Выберите другое время или другую неделю, не ту, что сейчас.",
  },
  waiting_no_free_seat: {
    de: "Es ist kein Platz frei und kein offenes Angebot an jemand anderen da, das übertragen werden könnte.",
    ru: "Свободного места нет, и нет открытого предложения другому человеку, которое можно передать.",
  },
  waiting_entry_closed: {
    de: "Dieser Eintrag steht nicht mehr auf der Warteliste.",
    ru: "Этой записи больше нет в листе ожидания.",
  },
} as const satisfies Record<string, Record<Locale, string>>;
