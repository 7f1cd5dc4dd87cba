/** Texts of "Mein Konto", the role choice and the school's settings (issue 29; D241-D243), merged into texts.ts. */
const de = {
  resources: {
    "school-settings": {
      name: "Schuldaten",
      fields: {
        legal_name: "Name des Rechnungsstellers",
        address: "Anschrift",
        tax_id: "Steuernummer oder USt-IdNr.",
        vat_note_de: "Hinweis zur Umsatzsteuerbefreiung (Deutsch)",
        vat_note_ru: "Hinweis zur Umsatzsteuerbefreiung (Russisch)",
        school_email: "E-Mail-Adresse der Schule",
        staff_notify_emails: "Benachrichtigungen über Buchungen an",
      },
    },
  },
  admin: {
    settings: {
      menu: "Schuldaten",
      title: "Schuldaten",
      from_env:
        "Noch nicht gespeichert: Es gelten die Werte aus der Server-Konfiguration. Mit dem ersten Speichern gelten die Werte hier.",
      saved_at:
        "Zuletzt gespeichert am %{when}. Neue Rechnungen, Gutschriften und Benachrichtigungen verwenden diese Werte.",
      seller_title: "Rechnungssteller (auf Rechnungen und Gutschriften)",
      vat_title: "Umsatzsteuer",
      mail_title: "E-Mail",
      datev: {
        title: "DATEV-Export",
        intro:
          "Diese Angaben stehen im DATEV-Export der Buchhaltung. Ihre Steuerberatung nennt Ihnen die Nummern und Konten.",
        consultant_number: "Beraternummer",
        client_number: "Mandantennummer",
        chart: "Kontenrahmen",
        account_length: "Sachkontenlänge",
        clearing_account: "Geldtransitkonto (Zahlungseingänge)",
        revenue_taxed_account: "Erlöskonto 19 % USt",
        revenue_exempt_account: "Erlöskonto umsatzsteuerfrei",
        voucher_account: "Verbindlichkeiten aus Gutscheinen",
        account_invalid: "Bitte eine Kontonummer aus 4 bis 8 Ziffern eingeben.",
        help: {
          clearing_account: "Hier gehen die bezahlten Rechnungen ein, z. B. 1360 (SKR03) oder 1460 (SKR04).",
          revenue_taxed_account: "Für Leistungen mit 19 % USt, z. B. 8400 (SKR03) oder 4400 (SKR04).",
          revenue_exempt_account: "Für Kurse nach § 4 Nr. 21 UStG, z. B. 8100 (SKR03) oder 4100 (SKR04).",
          voucher_account:
            "Verkaufte Geschenkgutscheine sind Mehrzweck-Gutscheine: keine Erlöse, sondern eine Verbindlichkeit bis zur Einlösung, z. B. 1700 (SKR03) oder 3500 (SKR04).",
        },
      },
      help: {
        legal_name:
          "Der vollständige Name mit Rechtsform, wie er auf jeder Rechnung steht (§ 14 Abs. 4 UStG).",
        address:
          "Straße und Hausnummer, PLZ und Ort, durch Komma getrennt: „Kastanienallee 12, 10435 Berlin“.",
        tax_id: "Die Steuernummer vom Finanzamt oder die Umsatzsteuer-Identifikationsnummer.",
        vat_note_de: "Steht bei umsatzsteuerfreien Leistungen auf deutschen Rechnungen.",
        vat_note_ru: "Steht auf russischen Rechnungen neben dem deutschen Hinweis.",
        school_email: "Steht auf Rechnungen; Kontaktanfragen und Kündigungen gehen an diese Adresse.",
        staff_notify_emails:
          "Eine Adresse pro Zeile. Diese Adressen erfahren sofort von jeder Buchung, Kündigung, jedem Widerruf und Wartelisteneintrag. Leer: die E-Mail-Adresse der Schule.",
      },
    },
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
      instructor: "Lehrkraft (nur eigene Stunden auf dem Handy, kein Zugang zur Verwaltung)",
      instructor_record: "Unterrichtet als",
      instructor_help:
        "Die Lehrkraft sieht unter /teaching die Stunden, bei denen sie als Lehrkraft eingetragen ist.",
      staff: "Mitarbeiter/in",
      admin: "Admin",
    },
  },
};

const ru: typeof de = {
  resources: {
    "school-settings": {
      name: "Данные школы",
      fields: {
        legal_name: "Наименование продавца в счетах",
        address: "Адрес",
        tax_id: "Налоговый номер или USt-IdNr.",
        vat_note_de: "Примечание об освобождении от НДС (немецкий)",
        vat_note_ru: "Примечание об освобождении от НДС (русский)",
        school_email: "Адрес электронной почты школы",
        staff_notify_emails: "Уведомления о бронированиях получают",
      },
    },
  },
  admin: {
    settings: {
      menu: "Данные школы",
      title: "Данные школы",
      from_env:
        "Ещё не сохранено: действуют значения из конфигурации сервера. После первого сохранения действуют значения отсюда.",
      saved_at:
        "Последнее сохранение: %{when}. Новые счета, кредит-ноты и уведомления используют эти значения.",
      seller_title: "Продавец (в счетах и кредит-нотах)",
      vat_title: "НДС",
      mail_title: "Электронная почта",
      datev: {
        title: "Экспорт в DATEV",
        intro:
          "Эти данные попадают в экспорт в DATEV в разделе «Бухгалтерия». Номера и счета сообщит ваш налоговый консультант.",
        consultant_number: "Номер консультанта (Beraternummer)",
        client_number: "Номер клиента (Mandantennummer)",
        chart: "План счетов",
        account_length: "Длина номера счёта",
        clearing_account: "Транзитный счёт (поступления оплат)",
        revenue_taxed_account: "Счёт выручки с НДС 19 %",
        revenue_exempt_account: "Счёт выручки, освобождённой от НДС",
        voucher_account: "Обязательства по подарочным сертификатам",
        account_invalid: "Введите номер счёта из 4–8 цифр.",
        help: {
          clearing_account: "Сюда поступают оплаченные счета, например 1360 (SKR03) или 1460 (SKR04).",
          revenue_taxed_account: "Для услуг с НДС 19 %, например 8400 (SKR03) или 4400 (SKR04).",
          revenue_exempt_account: "Для курсов по § 4 Nr. 21 UStG, например 8100 (SKR03) или 4100 (SKR04).",
          voucher_account:
            "Проданные подарочные сертификаты — многоцелевые: не выручка, а обязательство до их погашения, например 1700 (SKR03) или 3500 (SKR04).",
        },
      },
      help: {
        legal_name:
          "Полное наименование с организационно-правовой формой, как в каждом счёте (§ 14 абз. 4 UStG).",
        address: "Улица и дом, индекс и город через запятую: «Kastanienallee 12, 10435 Berlin».",
        tax_id: "Налоговый номер из налоговой инспекции или идентификационный номер плательщика НДС.",
        vat_note_de: "Указывается в немецких счетах при услугах, освобождённых от НДС.",
        vat_note_ru: "Указывается в русских счетах рядом с немецким примечанием.",
        school_email: "Указывается в счетах; на этот адрес приходят обращения и расторжения договоров.",
        staff_notify_emails:
          "По одному адресу в строке. Эти адреса сразу узнают о каждом бронировании, расторжении, отказе и записи в лист ожидания. Пусто: адрес электронной почты школы.",
      },
    },
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
      instructor: "Преподаватель (только свои занятия на телефоне, без доступа к управлению)",
      instructor_record: "Преподаёт как",
      instructor_help:
        "Преподаватель видит на странице /teaching занятия, в которых он указан преподавателем.",
      staff: "Сотрудник",
      admin: "Администратор",
    },
  },
};

export const ACCOUNT_TEXTS = { de, ru };
