import { euroText } from "@atelier/contract";
import { useOfficeLocale } from "./money-input.tsx";

/** Small helpers of the content, promocode and gift-card forms: plain choices, a required check, cents as euros. */

export const choices = (values: readonly string[]) => values.map((id) => ({ id, name: id }));
/**
 * A value must be given (blanks are none). Marked as react-admin's `required()` is, so the field's label
 * gets its asterisk as the other forms' required fields do (D603).
 */
export const required = Object.assign(
  (value: unknown) =>
    value === undefined || value === null || (typeof value === "string" && value.trim() === "")
      ? "ra.validation.required"
      : undefined,
  { isRequired: true },
);

/** An amount in the staff member's language ("15,00 €"), for the lists' render functions. */
function Cents({ cents }: { cents: number | null | undefined }) {
  const language = useOfficeLocale();
  return <>{cents == null ? "" : euroText(cents, language)}</>;
}
export const centsText = (cents: number | null | undefined) => <Cents cents={cents} />;
