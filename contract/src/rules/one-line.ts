/**
 * What a one-line field (a name, a phone number, an e-mail address, a short text) may not hold (D206): the
 * C0 controls with line feed, carriage return and tab among them, DEL, the C1 controls (NEL among them)
 * and the Unicode line and paragraph separators. A line break in a name would write its own lines into the
 * school's mails ("Hallo Eve" / "Ihr Konto ist gesperrt: …"); the field refuses it instead of cleaning it,
 * so nobody's name is changed behind their back.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are what the rule is about.
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Whether `value` is one line without control characters. */
export function isOneLine(value: string): boolean {
  return !CONTROL_CHARACTER.test(value);
}

/**
 * The refinement every one-line schema takes: `.refine(isOneLine, ONE_LINE)`. It ends the field's checks,
 * so the field says this one thing (a phone's "\n" is no "invalid_phone" as well).
 */
export const ONE_LINE = { error: "control_characters", abort: true } as const;
