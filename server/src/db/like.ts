/** A text for LIKE and ILIKE that matches itself literally anywhere: `%`, `_` and `\` are escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
