import { enumLabelsIn } from "@atelier/contract";

/** Texts of the content page, promocode, gift card (D123–D125) and redirect (D189) screens, merged into `texts.ts`. */

const de = {
  resources: {
    "content-pages": {
      name: "Inhaltsseite |||| Inhaltsseiten",
      fields: {
        key: "Seite",
        title: "Titel",
        "title.de": "Titel",
        description: "Kurzbeschreibung (Suchmaschinen)",
        body: "Text (Markdown)",
        updated_at: "Zuletzt geändert",
        q: "Suche",
      },
    },
    redirects: {
      name: "Weiterleitung |||| Weiterleitungen",
      fields: {
        from_path: "Adresse in diesem Shop",
        target: "Ziel",
        external: "Verlässt die Website",
        permanent: "Dauerhaft (301)",
        note: "Notiz",
        updated_at: "Zuletzt geändert",
        q: "Suche",
      },
    },
    promocodes: {
      name: "Gutscheincode |||| Gutscheincodes",
      fields: {
        code: "Code",
        percent_off: "Rabatt in %",
        discount: "Rabatt",
        amount_off_cents: "Rabatt in €",
        min_total_cents: "Mindestbestellwert in €",
        valid_from: "Gültig ab",
        valid_until: "Gültig bis",
        max_uses: "Höchstens so oft insgesamt",
        max_uses_per_user: "Höchstens so oft je Kundin/Kunde",
        product_types: "Gilt für",
        is_active: "Aktiv",
        uses: "Eingelöst",
        q: "Suche",
      },
    },
    "promocode-uses": {
      name: "Einlösung |||| Einlösungen",
      fields: {
        created_at: "Zeitpunkt",
        order: "Bestellung",
        order_status: "Status der Bestellung",
        user_email: "Kundin/Kunde",
        discount_cents: "Rabatt",
      },
    },
    "gift-cards": {
      name: "Geschenkgutschein |||| Geschenkgutscheine",
      fields: {
        code: "Code",
        amount_cents: "Wert in €",
        initial_cents: "Wert",
        balance_cents: "Guthaben",
        expires_at: "Gültig bis",
        expires_on: "Gültig bis (leer: drei Jahre bis Jahresende)",
        reason: "Grund",
        is_active: "Aktiv",
        q: "Suche",
      },
    },
    "gift-card-ledger": {
      name: "Buchung |||| Buchungen",
      fields: {
        created_at: "Zeitpunkt",
        kind: "Art",
        order: "Bestellung",
        amount_cents: "Betrag",
        balance_cents: "Guthaben danach",
      },
    },
  },
  admin: {
    content: {
      preview: "Vorschau, wie der Shop die Seite zeigt",
      markdown_help: "Markdown: ## Überschrift, **fett**, - Aufzählung, Leerzeile für einen neuen Absatz.",
    },
    redirect: {
      from_help: "Zum Beispiel /sommer für einen Flyer. Seiten des Shops können nicht umgeleitet werden.",
      target_help:
        "Eine Seite dieses Shops, z. B. /academies oder /product/12, oder eine vollständige Adresse mit https://, die die Website verlässt.",
      permanent_help:
        "Nur einschalten, wenn die Adresse für immer umzieht: Browser und Suchmaschinen merken sich das Ziel dann.",
      note_help: "Warum es die Weiterleitung gibt, damit das Team sie später versteht.",
    },
    promocode: {
      code_help: "Buchstaben, Ziffern, - und _; Groß- und Kleinschreibung zählt beim Einlösen nicht.",
      kind_help: "Entweder Prozent oder Betrag in €.",
      unlimited_help: "Leer: unbegrenzt.",
      types_help: "Leer: für alle Angebote.",
      from_help: "Ab 0:00 Uhr dieses Tages (Berliner Zeit).",
      until_help: "Bis 24:00 Uhr dieses Tages (Berliner Zeit).",
      active_help: "Ausschalten, um den Code sofort zu sperren; bereits eingelöste Rabatte bleiben.",
      uses: "Einlösungen",
      no_uses: "Noch nicht eingelöst.",
    },
    gift_card: {
      reason_help: "Zum Beispiel: Kulanz, weil der Kurs am 3. Mai ausgefallen ist. Steht im Protokoll.",
      expiry_help: "Leer lassen für die gesetzliche Frist: drei Jahre bis zum Jahresende.",
      active_help: "Ausschalten, um den Gutschein zu sperren; das Guthaben bleibt erhalten.",
      bought: "Im Shop gekauft",
      history: "Guthabenverlauf",
      kind: enumLabelsIn("gift_card_ledger_kind", "de"),
    },
  },
};

const ru: typeof de = {
  resources: {
    "content-pages": {
      name: "Страница |||| Страницы",
      fields: {
        key: "Страница",
        title: "Заголовок",
        "title.de": "Заголовок",
        description: "Краткое описание (для поисковиков)",
        body: "Текст (Markdown)",
        updated_at: "Изменено",
        q: "Поиск",
      },
    },
    redirects: {
      name: "Перенаправление |||| Перенаправления",
      fields: {
        from_path: "Адрес в этом магазине",
        target: "Куда",
        external: "Уводит с сайта",
        permanent: "Постоянное (301)",
        note: "Заметка",
        updated_at: "Изменено",
        q: "Поиск",
      },
    },
    promocodes: {
      name: "Промокод |||| Промокоды",
      fields: {
        code: "Код",
        percent_off: "Скидка в %",
        discount: "Скидка",
        amount_off_cents: "Скидка в €",
        min_total_cents: "Минимальная сумма заказа в €",
        valid_from: "Действует с",
        valid_until: "Действует до",
        max_uses: "Сколько раз всего",
        max_uses_per_user: "Сколько раз на одного клиента",
        product_types: "Действует для",
        is_active: "Активен",
        uses: "Использован",
        q: "Поиск",
      },
    },
    "promocode-uses": {
      name: "Использование |||| Использования",
      fields: {
        created_at: "Время",
        order: "Заказ",
        order_status: "Статус заказа",
        user_email: "Клиент",
        discount_cents: "Скидка",
      },
    },
    "gift-cards": {
      name: "Подарочный сертификат |||| Подарочные сертификаты",
      fields: {
        code: "Код",
        amount_cents: "Номинал в €",
        initial_cents: "Номинал",
        balance_cents: "Остаток",
        expires_at: "Действует до",
        expires_on: "Действует до (пусто: три года до конца года)",
        reason: "Причина",
        is_active: "Активен",
        q: "Поиск",
      },
    },
    "gift-card-ledger": {
      name: "Операция |||| Операции",
      fields: {
        created_at: "Время",
        kind: "Вид",
        order: "Заказ",
        amount_cents: "Сумма",
        balance_cents: "Остаток после",
      },
    },
  },
  admin: {
    content: {
      preview: "Так страница будет выглядеть в магазине",
      markdown_help: "Markdown: ## Заголовок, **жирный**, - список, пустая строка — новый абзац.",
    },
    redirect: {
      from_help: "Например, /sommer для флаера. Страницы магазина перенаправить нельзя.",
      target_help:
        "Страница этого магазина, например /academies или /product/12, или полный адрес с https://, ведущий за пределы сайта.",
      permanent_help: "Включайте, только если адрес переехал навсегда: браузеры и поисковики запомнят цель.",
      note_help: "Зачем нужно перенаправление, чтобы коллеги потом поняли.",
    },
    promocode: {
      code_help: "Латинские буквы, цифры, - и _; регистр при вводе кода не важен.",
      kind_help: "Либо процент, либо сумма в €.",
      unlimited_help: "Пусто — без ограничений.",
      types_help: "Пусто — для всех предложений.",
      from_help: "С 0:00 этого дня (по берлинскому времени).",
      until_help: "До 24:00 этого дня (по берлинскому времени).",
      active_help: "Выключите, чтобы сразу заблокировать код; уже полученные скидки сохранятся.",
      uses: "Использования",
      no_uses: "Код ещё не использовали.",
    },
    gift_card: {
      reason_help: "Например: в качестве компенсации за отменённое занятие 3 мая. Попадёт в журнал.",
      expiry_help: "Оставьте пустым для срока по закону: три года до конца года.",
      active_help: "Выключите, чтобы заблокировать сертификат; остаток сохранится.",
      bought: "Куплен в магазине",
      history: "История остатка",
      kind: enumLabelsIn("gift_card_ledger_kind", "ru"),
    },
  },
};

export const CONTENT_TEXTS = { de, ru };
