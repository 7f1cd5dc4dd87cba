import type { Locale } from "./rules/locale.ts";

/** Error texts of staff orders, payment links and party requests, merged into the contract's one list. */
export const STAFF_ORDER_ERROR_MESSAGES = {
  payment_link_expired: {
    de: "Die Reservierung für diese Bestellung ist abgelaufen. Bitte wenden Sie sich an die Schule, wir reservieren gern neu.",
    ru: "Бронь по этому заказу истекла. Пожалуйста, свяжитесь со школой — мы с удовольствием забронируем заново.",
  },
  payment_link_closed: {
    de: "Diese Bestellung kann nicht mehr bezahlt werden.",
    ru: "Этот заказ больше нельзя оплатить.",
  },
  no_payment_link: {
    de: "Diese Bestellung hat keinen Zahlungslink: Sie wurde im Shop bestellt, nicht von der Schule angelegt.",
    ru: "У этого заказа нет ссылки на оплату: он оформлен в магазине, а не школой.",
  },
  payment_link_resend_limit: {
    de: "Der Zahlungslink wurde schon fünfmal erneut gesendet. Bitte rufen Sie die Eltern an.",
    ru: "Ссылку на оплату уже отправляли повторно пять раз. Пожалуйста, позвоните родителям.",
  },
  parent_not_customer: {
    de: "Wählen Sie ein Elternkonto aus.",
    ru: "Выберите учётную запись родителя.",
  },
  party_date_not_requested: {
    de: "Bestätigen Sie einen der gewünschten Termine.",
    ru: "Подтвердите одну из желаемых дат.",
  },
  party_day_taken: {
    de: "An diesem Tag ist dieser Raum schon für eine andere Feier vergeben. Wenn beide stattfinden können, bestätigen Sie mit „Trotzdem bestätigen“.",
    ru: "В этот день это помещение уже отдано под другой праздник. Если оба праздника возможны, подтвердите кнопкой «Всё равно подтвердить».",
  },
  party_date_past: {
    de: "Der Termin liegt in der Vergangenheit.",
    ru: "Эта дата уже прошла.",
  },
  party_ages_mismatch: {
    de: "Geben Sie höchstens so viele Alter an, wie Kinder kommen.",
    ru: "Возрастов не может быть больше, чем детей.",
  },
  party_too_many_children: {
    de: "Die Anzahl der Kinder ist bei diesem Paket auf {max} begrenzt. Wählen Sie bitte ein größeres Paket.",
    ru: "В этом пакете число детей ограничено: не больше {max}. Выберите, пожалуйста, пакет побольше.",
  },
  children_limit_party_only: {
    de: "Eine Höchstzahl von Kindern gibt es nur bei Geburtstagspaketen.",
    ru: "Максимальное число детей задаётся только для пакетов дня рождения.",
  },
  not_a_party: {
    de: "Dieses Angebot ist keine Geburtstagsfeier.",
    ru: "Это предложение — не день рождения.",
  },
  party_by_request: {
    de: "Kindergeburtstage werden angefragt, nicht direkt gebucht.",
    ru: "День рождения нельзя забронировать напрямую: отправьте, пожалуйста, заявку.",
  },
  party_request_closed: {
    de: "Diese Anfrage ist bereits beantwortet.",
    ru: "На эту заявку уже ответили.",
  },
} as const satisfies Record<string, Record<Locale, string>>;
