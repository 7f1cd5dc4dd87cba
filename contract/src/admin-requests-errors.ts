import type { Locale } from "./rules/locale.ts";

// Kept apart from the schemas so errors.ts (first load, D23) stays free of zod.
/** The error texts of this part of the back office, merged into the contract's one list. */
export const ADMIN_REQUESTS_ERROR_MESSAGES = {
  confirm_not_for_waiting: {
    de: "Für einen Wartelisteneintrag wird kein Termin bestätigt.",
    ru: "Для записи в лист ожидания дата не подтверждается.",
  },
  confirm_time_required: {
    de: "Bitte wählen Sie die Stunde des Angebots an diesem Tag oder geben Sie eine Uhrzeit ein.",
    ru: "Выберите занятие в этот день или укажите время.",
  },
  confirm_slot_not_that_day: {
    de: "Diese Stunde findet an dem gewählten Tag nicht statt.",
    ru: "В выбранный день этого занятия нет.",
  },
  request_without_email: {
    de: "Die Anfrage enthält keine E-Mail-Adresse, an die wir schreiben könnten.",
    ru: "В заявке нет адреса электронной почты, на который можно написать.",
  },
  instructor_report_past: {
    de: "Diese Stunde ist schon vorbei. Melden Sie nur Stunden, die noch kommen.",
    ru: "Это занятие уже прошло. Сообщать можно только о предстоящих занятиях.",
  },
  own_role: {
    de: "Die eigene Rolle können Sie nicht ändern. Bitten Sie eine andere Administratorin oder einen anderen Administrator.",
    ru: "Нельзя изменить собственную роль. Попросите об этом другого администратора.",
  },
  last_admin: {
    de: "Das ist der letzte Admin-Zugang der Schule. Ernennen Sie zuerst eine andere Person zum Admin.",
    ru: "Это последняя учётная запись администратора школы. Сначала назначьте администратором кого-то другого.",
  },
  old_password_wrong: {
    de: "Das aktuelle Passwort stimmt nicht.",
    ru: "Текущий пароль указан неверно.",
  },
  erase_confirm_mismatch: {
    de: "Die E-Mail-Adresse stimmt nicht mit dem Konto überein.",
    ru: "Адрес электронной почты не совпадает с адресом учётной записи.",
  },
  correct_staff_account: {
    de: "Mitarbeitende ändern ihre eigenen Angaben selbst im Shop unter „Mein Profil“.",
    ru: "Сотрудники меняют свои данные сами в магазине, в разделе «Мой профиль».",
  },
  erase_own_account: {
    de: "Das eigene Konto können Sie hier nicht löschen.",
    ru: "Собственную учётную запись здесь удалить нельзя.",
  },
  erase_staff_account: {
    de: "Entziehen Sie zuerst die Mitarbeiterrolle, bevor Sie das Konto löschen.",
    ru: "Сначала снимите роль сотрудника, затем удаляйте учётную запись.",
  },
  erase_running_subscription: {
    de: "Die Familie hat noch ein laufendes Abonnement. Kündigen Sie es zuerst; gelöscht werden kann erst danach.",
    ru: "У семьи ещё действует абонемент. Сначала расторгните его, только потом данные можно удалить.",
  },
  erase_unpaid_order: {
    de: "Die Familie hat eine unbezahlte Bestellung. Klären Sie sie zuerst; gelöscht werden kann erst danach.",
    ru: "У семьи есть неоплаченный заказ. Сначала закройте его, только потом данные можно удалить.",
  },
} as const satisfies Record<string, Record<Locale, string>>;
