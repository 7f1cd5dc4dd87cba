import { type EnumName, enumChoices, enumLabel } from "@atelier/contract";
import { useMemo } from "react";
import { FunctionField, type FunctionFieldProps, useLocaleState, useTranslate } from "react-admin";
import { adminLocaleOf } from "../i18n/i18n-provider.ts";

/** The staff member's words for a code, from the contract's labels (D285): `label("order_status", "paid")`. */
export function useEnumLabel() {
  const [locale] = useLocaleState();
  const language = adminLocaleOf(locale);
  return (name: EnumName, code: string | null | undefined) => enumLabel(name, code, language);
}

/** A select's choices of one enum, named in the staff member's language. */
export function useEnumChoices(name: EnumName) {
  const [locale] = useLocaleState();
  const language = adminLocaleOf(locale);
  return useMemo(() => enumChoices(name, language), [name, language]);
}

/** A list or show field that reads a code and shows its word. */
export function EnumField({
  source,
  enumName,
  ...props
}: Omit<FunctionFieldProps, "render"> & { source: string; enumName: EnumName }) {
  const label = useEnumLabel();
  return (
    <FunctionField
      source={source}
      {...props}
      render={(record: Record<string, unknown>) => label(enumName, record[source] as string | null)}
    />
  );
}

/** A yes/no value as a word ("Ja" / "Да"), where react-admin's BooleanField shows an icon without text. */
export function YesNoField({ source, ...props }: Omit<FunctionFieldProps, "render"> & { source: string }) {
  const translate = useTranslate();
  return (
    <FunctionField
      source={source}
      {...props}
      render={(record: Record<string, unknown>) =>
        translate(record[source] ? "admin.words.yes" : "admin.words.no")
      }
    />
  );
}

/** A record's name in the staff member's language, German where the Russian one is missing (D286). */
export function useLocalText() {
  const [locale] = useLocaleState();
  const language = adminLocaleOf(locale);
  return (text: { de: string; ru?: string | null } | null | undefined) =>
    text ? (language === "ru" && text.ru) || text.de : "";
}

/**
 * A text kept in both languages (`{de, ru}`) shown in the staff member's (D286); it sorts as the German
 * one did, so lists keep their order.
 */
export function LocalTextField({
  source,
  ...props
}: Omit<FunctionFieldProps, "render"> & { source: string }) {
  const localText = useLocalText();
  return (
    <FunctionField
      source={source}
      sortBy={`${source}.de`}
      {...props}
      render={(record: Record<string, unknown>) => localText(record[source] as { de: string; ru?: string })}
    />
  );
}
