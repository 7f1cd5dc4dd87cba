import { berlinDateTimeText } from "@atelier/contract";
import { useLocaleState } from "react-admin";
import { adminLocaleOf } from "../i18n/i18n-provider.ts";
import { useLocalText } from "./enum-labels.tsx";

type Named = { name?: { de: string; ru?: string | null } | null };

/**
 * How a choice list names the school's houses, categories and academy seasons (D495): in the staff member's
 * language with German where the Russian name is missing (D286), and a season's days as that language
 * writes them. The server's `label` is German with ISO dates, for clients that show it as it is.
 */
export function useChoiceTexts() {
  const localText = useLocalText();
  const [locale] = useLocaleState();
  const language = adminLocaleOf(locale);
  const name = (record: Named) => localText(record.name);
  return {
    name,
    location: (record: Named & { street?: string }) =>
      [name(record), record.street].filter(Boolean).join(" – "),
    season: (record: Named & { starts_on: string; ends_on: string }) =>
      `${name(record)} (${berlinDateTimeText(record.starts_on, language)} – ${berlinDateTimeText(record.ends_on, language)})`,
  };
}

/**
 * The order of those choice lists: react-admin's pickers list newest first by default, so the school's own
 * order of its houses and categories was upside down. Seasons come newest first, the one staff plan now.
 */
export const CHOICE_ORDER = {
  position: { field: "sort_order", order: "ASC" },
  season: { field: "starts_on", order: "DESC" },
} as const;
