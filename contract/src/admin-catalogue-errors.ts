import type { Locale } from "./rules/locale.ts";

/** Error texts of these screens, merged into the contract's one list of codes. */
export const ADMIN_CATALOGUE_ERROR_MESSAGES = {
  in_use_by_pages: {
    de: "Wird noch von {count} Angebot(en) verwendet. Entfernen Sie es dort zuerst oder blenden Sie es aus.",
    ru: "Используется в предложениях: {count}. Сначала уберите его оттуда или скройте.",
  },
  house_in_use: {
    de: "Dieses Haus ist noch {count}-mal eingetragen (Angebote und Schließtage). Ordnen Sie diese zuerst einem anderen Haus zu oder setzen Sie das Haus auf inaktiv.",
    ru: "Это здание ещё указано в предложениях или днях закрытия ({count}). Сначала привяжите их к другому зданию или сделайте здание неактивным.",
  },
  invalid_post_code: {
    de: "Bitte eine fünfstellige Postleitzahl angeben.",
    ru: "Укажите почтовый индекс из пяти цифр.",
  },
  invalid_map_url: {
    de: "Bitte einen Link angeben, der mit https:// beginnt.",
    ru: "Укажите ссылку, начинающуюся с https://.",
  },
  schedule_type_not_for_offer: {
    de: "Diese Art passt nicht zu diesem Angebot: Kurse verkaufen Abos und Terminkarten, Ferienakademien Wochen, Workshops und Veranstaltungen Eintrittskarten, Geburtstage Pakete, Gutscheine Beträge; ein Festpreis passt zu allen außer Gutscheinen.",
    ru: "Этот вид не подходит к предложению: курсы продают абонементы и карты занятий, академии — недели, мастер-классы и мероприятия — билеты, дни рождения — пакеты, сертификаты — суммы; фиксированная цена подходит ко всем, кроме сертификатов.",
  },
  recurring_not_for_type: {
    de: "Monatlich verlängern lassen sich nur Kurs-Abos (einmal, zweimal oder dreimal pro Woche).",
    ru: "Ежемесячно продлеваются только абонементы на курс (раз, два или три раза в неделю).",
  },
  options_not_for_type: {
    de: "{count} Kaufoption(en) dieses Angebots passen nicht zur neuen Art. Löschen Sie sie zuerst oder legen Sie für die neue Art ein neues Angebot an.",
    ru: "Варианты покупки этого предложения ({count}) не подходят к новому виду. Сначала удалите их или создайте новое предложение нужного вида.",
  },
  option_booked: {
    de: "Diese Kaufoption wurde schon {count}-mal gebucht und bleibt deshalb erhalten. Legen Sie für neue Buchungen eine neue Option an.",
    ru: "Этот вариант покупки уже оформляли ({count}), поэтому удалить его нельзя. Для новых записей создайте новый вариант.",
  },
  product_type_booked: {
    de: "Dieses Angebot wurde schon {count}-mal gebucht. Rechnungen und Gutschriften richten sich nach seiner Art (z. B. umsatzsteuerfrei als Kurs), deshalb bleibt sie. Legen Sie für eine andere Art ein neues Angebot an.",
    ru: "Это предложение уже бронировали ({count}). Счета и кредит-ноты зависят от его вида (например, курс без НДС), поэтому вид изменить нельзя. Для другого вида создайте новое предложение.",
  },
  week_booked: {
    de: "Für diese Woche gibt es schon Buchungen oder Wartelisteneinträge ({count}); sie kann nicht gelöscht werden.",
    ru: "На эту неделю уже есть записи или лист ожидания ({count}), поэтому удалить её нельзя.",
  },
  season_has_weeks: {
    de: "Diese Saison hat noch {count} Woche(n). Löschen Sie zuerst die Wochen.",
    ru: "В этом сезоне ещё есть недели: {count}. Сначала удалите недели.",
  },
  week_outside_season: {
    de: "Die Woche muss innerhalb der Saison liegen ({starts_on} bis {ends_on}).",
    ru: "Неделя должна входить в сезон (с {starts_on} по {ends_on}).",
  },
  season_cuts_weeks: {
    de: "Die Saison muss alle ihre Wochen umfassen ({starts_on} bis {ends_on}).",
    ru: "Сезон должен включать все свои недели (с {starts_on} по {ends_on}).",
  },
  not_an_academy: {
    de: "Wochen gibt es nur bei Akademie-Angeboten.",
    ru: "Недели бывают только у предложений типа «Академия».",
  },
} as const satisfies Record<string, Record<Locale, string>>;
