import type { Locale } from "@atelier/contract";
import polyglotI18nProvider from "ra-i18n-polyglot";
import germanMessages from "ra-language-german";
import russianMessages from "ra-language-russian";
import { mergeTranslations, type TranslationMessages } from "react-admin";
import { de } from "./de.ts";
import { ru } from "./ru.ts";

/** Where the staff member's language choice is kept in this browser (D102). */
export const ADMIN_LOCALE_KEY = "atelier-admin-locale";

/**
 * ra-language-german was last written for react-admin 3: these are the texts react-admin 5 added since,
 * so nothing falls back to English.
 */
const germanSinceV3 = {
  ra: {
    action: {
      clear_array_input: "Liste leeren",
      create_item: "%{item} anlegen",
      remove_all_filters: "Alle Filter entfernen",
      reset: "Zurücksetzen",
      search_columns: "Spalten durchsuchen",
      select_all: "Alle auswählen",
      select_all_button: "Alle auswählen",
      select_row: "Diese Zeile auswählen",
      update: "Aktualisieren",
      move_up: "Nach oben",
      move_down: "Nach unten",
      open: "Öffnen",
      toggle_theme: "Helles/dunkles Design",
      select_columns: "Spalten",
      update_application: "Anwendung neu laden",
    },
    page: { access_denied: "Kein Zugriff", authentication_error: "Anmeldefehler" },
    message: {
      access_denied: "Sie haben keine Berechtigung für diese Seite.",
      authentication_error:
        "Der Anmeldeserver hat einen Fehler gemeldet; Ihre Zugangsdaten konnten nicht geprüft werden.",
      auth_error: "Beim Prüfen der Anmeldung ist ein Fehler aufgetreten.",
      bulk_update_content:
        "Möchten Sie %{name} %{recordRepresentation} wirklich ändern? |||| Möchten Sie diese %{smart_count} Einträge wirklich ändern?",
      bulk_update_title: "%{name} %{recordRepresentation} ändern |||| %{smart_count} %{name} ändern",
      clear_array_input: "Möchten Sie wirklich die ganze Liste leeren?",
      select_all_limit_reached:
        "Es sind zu viele Einträge, um alle auszuwählen. Nur die ersten %{max} wurden ausgewählt.",
      placeholder_data_warning: "Netzwerkproblem: Die Daten konnten nicht aktualisiert werden.",
    },
    navigation: {
      clear_filters: "Filter zurücksetzen",
      no_filtered_results: "Mit diesen Filtern wurde nichts gefunden.",
      partial_page_range_info: "%{offsetBegin}-%{offsetEnd} von mehr als %{offsetEnd}",
      current_page: "Seite %{page}",
      page: "Zu Seite %{page}",
      first: "Zur ersten Seite",
      last: "Zur letzten Seite",
      previous: "Zur vorherigen Seite",
    },
    // German nouns keep their capital: "Nach „Plätze“ sortieren (aufsteigend)", not "nach plätze" (D495).
    sort: { sort_by: "Nach „%{field}“ sortieren (%{order})", ASC: "aufsteigend", DESC: "absteigend" },
    auth: { email: "E-Mail" },
    notification: {
      not_authorized: "Sie haben keine Berechtigung dafür.",
      application_update_available: "Eine neue Version ist verfügbar.",
      offline: "Keine Verbindung. Die Daten konnten nicht geladen werden.",
    },
    validation: { unique: "Muss eindeutig sein" },
    saved_queries: {
      label: "Gespeicherte Filter",
      query_name: "Name des Filters",
      new_label: "Aktuellen Filter speichern …",
      new_dialog_title: "Aktuellen Filter speichern als",
      remove_label: "Gespeicherten Filter löschen",
      remove_label_with_name: "Filter „%{name}“ löschen",
      remove_dialog_title: "Gespeicherten Filter löschen?",
      remove_message: "Möchten Sie diesen Filter wirklich aus Ihren gespeicherten Filtern löschen?",
      help: "Filtern Sie die Liste und speichern Sie den Filter für später",
    },
    configurable: {
      customize: "Anpassen",
      configureMode: "Diese Seite anpassen",
      inspector: {
        title: "Einstellungen",
        content: "Zeigen Sie auf ein Element der Seite, um es anzupassen",
        reset: "Einstellungen zurücksetzen",
        hideAll: "Alle ausblenden",
        showAll: "Alle einblenden",
      },
      Datagrid: { title: "Tabelle", unlabeled: "Spalte ohne Namen Nr. %{column}" },
      SimpleForm: { title: "Formular", unlabeled: "Feld ohne Namen Nr. %{input}" },
      SimpleList: {
        title: "Liste",
        primaryText: "Erste Zeile",
        secondaryText: "Zweite Zeile",
        tertiaryText: "Dritte Zeile",
      },
    },
  },
};

/**
 * react-admin writes a resource's name in its delete question with a small first letter ("haus #1
 * löschen"): German nouns keep their capital, so each German name is also its `forcedCaseName` (D601).
 */
function withForcedCase(messages: typeof de): TranslationMessages {
  const resources = Object.fromEntries(
    Object.entries(messages.resources).map(([key, texts]) => {
      const name = (texts as { name?: unknown }).name;
      return [key, typeof name === "string" ? { ...texts, forcedCaseName: name } : texts];
    }),
  );
  return { ...messages, resources } as unknown as TranslationMessages;
}

const messages: Record<Locale, TranslationMessages> = {
  de: mergeTranslations(germanMessages, germanSinceV3, withForcedCase(de)),
  ru: mergeTranslations(
    russianMessages,
    // A search past its counting limit shows no total (D407): "из более чем", as a Russian reader says it.
    {
      ra: {
        navigation: { partial_page_range_info: "%{offsetBegin}-%{offsetEnd} из более чем %{offsetEnd}" },
        // The pack's question lacks its comma and its question mark (D601).
        message: { delete_content: "Вы уверены, что хотите удалить этот объект?" },
      },
    },
    ru,
  ),
};

/** The language the staff member chose last time in this browser, else the browser's, else German. */
export function initialAdminLocale(): Locale {
  const stored = globalThis.localStorage?.getItem(ADMIN_LOCALE_KEY);
  if (stored === "de" || stored === "ru") return stored;
  return globalThis.navigator?.language?.startsWith("ru") ? "ru" : "de";
}

/**
 * The page's language follows the staff member's (D507): a screen reader reads Russian screens with a Russian
 * voice, and the browser does not offer to translate them. `admin.html` says German until the script runs.
 */
function markPageLanguage(locale: string) {
  globalThis.document?.documentElement.setAttribute("lang", adminLocaleOf(locale));
}

function createAdminI18n() {
  const initial = initialAdminLocale();
  markPageLanguage(initial);
  const provider = polyglotI18nProvider((locale) => messages[locale as Locale] ?? messages.de, initial, [
    { locale: "de", name: "Deutsch" },
    { locale: "ru", name: "Русский" },
  ]);
  return {
    ...provider,
    // react-admin's language menu calls this: the choice is remembered for the next visit.
    changeLocale(locale: string) {
      globalThis.localStorage?.setItem(ADMIN_LOCALE_KEY, locale);
      markPageLanguage(locale);
      return provider.changeLocale(locale);
    },
  };
}

export const adminI18n = createAdminI18n();

/**
 * Words for a call the server answered without words of its own: no connection at all (the browser's
 * "Failed to fetch"), or a proxy's error page. Staff never read a bare "HTTP 502" (D507).
 */
export function noAnswerText(): string {
  return adminI18n.translate("attendance.no_answer");
}

/** The language shown now: API calls send it as `locale`, so the server's error texts match it. */
/** The shop locale of a react-admin locale string (its hooks give a plain string). */
export function adminLocaleOf(value: string): Locale {
  return value === "ru" ? "ru" : "de";
}

export function currentAdminLocale(): Locale {
  return adminLocaleOf(adminI18n.getLocale());
}
