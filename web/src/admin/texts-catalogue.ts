/** Texts of the catalogue's staff screens (D116–D120), merged into `texts.ts`; German and Russian. */

const de = {
  resources: {
    instructors: {
      name: "Lehrkraft |||| Lehrkräfte",
      fields: {
        first_name: "Vorname",
        last_name: "Nachname",
        first_name_ru: "Vorname auf Russisch",
        last_name_ru: "Nachname auf Russisch",
        slug: "Adresse (Slug)",
        job: "Beruf",
        subject: "Fach",
        bio: "Über mich",
        photo: "Foto (Adresse)",
        pages: "Angebote",
        sort_order: "Reihenfolge",
        is_published: "Im Shop sichtbar",
        q: "Suche",
      },
    },
    categories: {
      name: "Kategorie |||| Kategorien",
      fields: {
        slug: "Adresse (Slug)",
        name: "Name",
        pages: "Angebote",
        sort_order: "Reihenfolge",
        q: "Suche",
      },
    },
    locations: {
      name: "Haus |||| Häuser",
      fields: {
        name: "Name",
        street: "Straße und Hausnummer",
        post_code: "Postleitzahl",
        city: "Ort",
        map_url: "Link zur Karte",
        phone: "Telefon",
        pages: "Angebote",
        closures: "Schließtage",
        is_active: "Im Shop angeboten",
        sort_order: "Reihenfolge",
        q: "Suche",
      },
    },
    "purchase-options": {
      name: "Kaufoption |||| Kaufoptionen und Preise",
      fields: {
        product_page: "Angebot",
        schedule_type: "Art",
        is_recurring: "Monatlich verlängert (Abo)",
        name: "Bezeichnung",
        base_price_cents: "Preis",
        price_eur: "Preis in Euro",
        number_of_meetings: "Anzahl Termine",
        meetings_per_week: "Termine pro Woche",
        sort_order: "Reihenfolge",
        bookings: "Buchungen",
      },
    },
    "academy-seasons": {
      name: "Akademie-Saison |||| Akademie-Saisons",
      fields: { name: "Name", starts_on: "Erster Tag", ends_on: "Letzter Tag", weeks: "Wochen" },
    },
    "academy-weeks": {
      name: "Akademie-Woche |||| Akademie-Wochen",
      fields: {
        product_page: "Angebot",
        season: "Saison",
        starts_on: "Erster Tag",
        ends_on: "Letzter Tag",
        seats: "Plätze",
        seats_taken: "Vergeben",
      },
    },
  },
  admin: {
    slug_help: "Teil der Adresse im Shop: Kleinbuchstaben, Ziffern und Bindestriche.",
    name_ru_help:
      "Wie die Schule den Namen auf Kyrillisch schreibt; leer lassen, um die lateinische Schreibweise zu zeigen.",
    photo_help: "Adresse des Fotos, z. B. /media/team/anna.jpg; leer lassen, wenn es keins gibt.",
    price_help: "Gilt für neue Buchungen. Bestehende Buchungen und laufende Abos behalten ihren Preis.",
    recurring_help: "Nur für Kurs-Abos: Der Preis wird jeden Monat neu bezahlt.",
    week_seats_help: "Gilt für alle Tagesteile der Woche. Weniger als bereits vergeben ist nicht möglich.",
    map_url_help: "Beginnt mit https://, z. B. ein Link zu OpenStreetMap; leer lassen, wenn es keinen gibt.",
    location_phone_help:
      "Steht im Kontaktblock des Shops unter dem Haus, z. B. +49 30 1234567; leer lassen, wenn das Haus keine eigene Nummer hat.",
    location_active_help:
      "Inaktive Häuser bleiben bei ihren Angeboten stehen, werden im Shop aber nicht mehr als Filter angeboten.",
    location_text_help: "Genauer Ort, wie die Seite ihn zeigt (z. B. Raum oder Hof); das Haus steht darüber.",
  },
};

const ru: typeof de = {
  resources: {
    instructors: {
      name: "Преподаватель |||| Преподаватели",
      fields: {
        first_name: "Имя",
        last_name: "Фамилия",
        first_name_ru: "Имя по-русски",
        last_name_ru: "Фамилия по-русски",
        slug: "Адрес (slug)",
        job: "Профессия",
        subject: "Предмет",
        bio: "О себе",
        photo: "Фото (адрес)",
        pages: "Предложений",
        sort_order: "Порядок",
        is_published: "Показывать в магазине",
        q: "Поиск",
      },
    },
    categories: {
      name: "Категория |||| Категории",
      fields: {
        slug: "Адрес (slug)",
        name: "Название",
        pages: "Предложений",
        sort_order: "Порядок",
        q: "Поиск",
      },
    },
    locations: {
      name: "Здание |||| Здания",
      fields: {
        name: "Название",
        street: "Улица и номер дома",
        post_code: "Почтовый индекс",
        city: "Город",
        map_url: "Ссылка на карту",
        phone: "Телефон",
        pages: "Предложений",
        closures: "Дней закрытия",
        is_active: "Показывать в магазине",
        sort_order: "Порядок",
        q: "Поиск",
      },
    },
    "purchase-options": {
      name: "Вариант покупки |||| Варианты покупки и цены",
      fields: {
        product_page: "Предложение",
        schedule_type: "Вид",
        is_recurring: "Продлевается ежемесячно (абонемент)",
        name: "Название",
        base_price_cents: "Цена",
        price_eur: "Цена в евро",
        number_of_meetings: "Количество занятий",
        meetings_per_week: "Занятий в неделю",
        sort_order: "Порядок",
        bookings: "Записей",
      },
    },
    "academy-seasons": {
      name: "Сезон академии |||| Сезоны академии",
      fields: { name: "Название", starts_on: "Первый день", ends_on: "Последний день", weeks: "Недель" },
    },
    "academy-weeks": {
      name: "Неделя академии |||| Недели академии",
      fields: {
        product_page: "Предложение",
        season: "Сезон",
        starts_on: "Первый день",
        ends_on: "Последний день",
        seats: "Мест",
        seats_taken: "Занято",
      },
    },
  },
  admin: {
    slug_help: "Часть адреса в магазине: строчные латинские буквы, цифры и дефисы.",
    name_ru_help: "Как школа пишет имя кириллицей; оставьте пустым, чтобы показывать латинское написание.",
    photo_help: "Адрес фотографии, например /media/team/anna.jpg; оставьте пустым, если фото нет.",
    price_help:
      "Действует для новых записей. Оформленные записи и действующие абонементы сохраняют свою цену.",
    recurring_help: "Только для абонементов на курс: цена оплачивается каждый месяц.",
    week_seats_help:
      "Общее число мест на все части дня этой недели. Меньше, чем уже занято, поставить нельзя.",
    map_url_help:
      "Начинается с https://, например ссылка на OpenStreetMap; оставьте пустым, если ссылки нет.",
    location_phone_help:
      "Показывается в контактах магазина под зданием, например +49 30 1234567; оставьте пустым, если у здания нет своего номера.",
    location_active_help:
      "Неактивное здание остаётся указанным в своих предложениях, но в магазине его больше нельзя выбрать в фильтре.",
    location_text_help:
      "Точное место, как его показывает страница (например, зал или двор); здание указано выше.",
  },
};

export const CATALOGUE_TEXTS = { de, ru };
