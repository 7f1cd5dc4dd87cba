import type { Locale, Roster } from "@atelier/contract";
import { toCsv } from "../common/index.ts";

const HEADERS: Record<Locale, readonly string[]> = {
  de: [
    "Kind",
    "Alter",
    "Geburtsdatum",
    "Eltern",
    "Telefon",
    "E-Mail",
    "Tarif",
    "Kommentar",
    "Hinweise",
    "Anwesenheit",
    "Bestellung",
  ],
  ru: [
    "Ребёнок",
    "Возраст",
    "Дата рождения",
    "Родители",
    "Телефон",
    "E-mail",
    "Тариф",
    "Комментарий",
    "Заметки",
    "Присутствие",
    "Заказ",
  ],
};
const MARKS: Record<Locale, Record<"present" | "absent", string>> = {
  de: { present: "anwesend", absent: "abwesend" },
  ru: { present: "присутствует", absent: "отсутствует" },
};
const WAITING: Record<Locale, string> = { de: "Warteliste", ru: "Лист ожидания" };

/**
 * The roster as a spreadsheet (D132): one row per child, then, after an empty row, the waiting list with its
 * place. Column names in the staff member's language; the fields escaped by `toCsv`.
 */
export function rosterCsv(roster: Roster, locale: Locale): string {
  const rows: (string | number | null)[][] = roster.children.map((child) => [
    child.visitor_name,
    child.age,
    child.birth_date,
    child.parent_name,
    child.parent_phone,
    child.parent_email,
    child.purchase_option,
    child.comment,
    child.notes,
    child.attendance ? MARKS[locale][child.attendance] : "",
    child.order,
  ]);
  if (roster.waiting.length > 0) {
    rows.push([]);
    roster.waiting.forEach((entry, index) => {
      rows.push([
        entry.visitor_name,
        entry.age,
        null,
        entry.parent_name,
        entry.parent_phone,
        null,
        null,
        null,
        null,
        `${WAITING[locale]} ${index + 1}`,
        null,
      ]);
    });
  }
  return toCsv(HEADERS[locale], rows);
}
