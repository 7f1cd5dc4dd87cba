/** Texts of "Mein Konto", the role choice and the school's settings (issue 29; D241-D243), merged into texts.ts. */
const de = {
  admin: {
    account: {
      menu: "Mein Konto",
      title: "Mein Konto",
      signed_in_as: "Angemeldet als %{name}",
      password_title: "Passwort ändern",
      old_password: "Aktuelles Passwort",
      new_password1: "Neues Passwort",
      new_password2: "Neues Passwort wiederholen",
      rules_title: "Regeln für das neue Passwort",
      rules_hint: "8 bis 64 Zeichen mit Groß- und Kleinbuchstaben, Ziffer und Sonderzeichen.",
      rule: {
        min_length: "Mindestens 8 Zeichen",
        uppercase: "Ein Großbuchstabe",
        lowercase: "Ein Kleinbuchstabe",
        digit: "Eine Ziffer",
        special: "Ein Sonderzeichen",
      },
      mismatch: "Die beiden neuen Passwörter stimmen nicht überein.",
      sessions_hint:
        "Nach dem Speichern werden Ihre Anmeldungen auf anderen Geräten beendet; hier bleiben Sie angemeldet.",
      save: "Passwort speichern",
      saved: "Ihr neues Passwort wurde gespeichert.",
    },
    roles: {
      label: "Rolle",
      help: "Mitarbeitende arbeiten in der Verwaltung; Admins dürfen außerdem Rollen vergeben, Familien löschen, das Protokoll lesen und die Schuldaten ändern.",
      save: "Rolle speichern",
      customer: "Familie (kein Zugang zur Verwaltung)",
      staff: "Mitarbeiter/in",
      admin: "Admin",
    },
  },
};

const ru: typeof de = {
  admin: {
    account: {
      menu: "Мой аккаунт",
      title: "Мой аккаунт",
      signed_in_as: "Вы вошли как %{name}",
      password_title: "Смена пароля",
      old_password: "Текущий пароль",
      new_password1: "Новый пароль",
      new_password2: "Повторите новый пароль",
      rules_title: "Требования к новому паролю",
      rules_hint: "От 8 до 64 символов: заглавные и строчные буквы, цифра и специальный символ.",
      rule: {
        min_length: "Не менее 8 символов",
        uppercase: "Заглавная буква",
        lowercase: "Строчная буква",
        digit: "Цифра",
        special: "Специальный символ",
      },
      mismatch: "Новые пароли не совпадают.",
      sessions_hint:
        "После сохранения вход на других устройствах будет завершён; здесь вы останетесь в системе.",
      save: "Сохранить пароль",
      saved: "Новый пароль сохранён.",
    },
    roles: {
      label: "Роль",
      help: "Сотрудники работают в панели управления; администраторы также назначают роли, удаляют данные семей, читают журнал изменений и меняют данные школы.",
      save: "Сохранить роль",
      customer: "Семья (без доступа к управлению)",
      staff: "Сотрудник",
      admin: "Администратор",
    },
  },
};

export const ACCOUNT_TEXTS = { de, ru };
