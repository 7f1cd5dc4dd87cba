import { readFileSync } from "node:fs";

/**
 * The shop's settings file (`/etc/atelier-shop/shop.env`, a filled-in `deploy/settings.env.example`) read as
 * systemd reads it for the service (`EnvironmentFile=`), so a command run by hand sees the very values the
 * shop runs with. Values are taken literally: a `$` is never expanded (a shell's `. shop.env` would turn
 * `pa$word` into `pa`), and a `#` inside a value is part of it. The rules are systemd's (its env-file.c):
 * - a line that starts with `#` or `;` is a comment; a line without `=` is skipped;
 * - `NAME=value`: whitespace around the name and the value is dropped, inside the value kept;
 * - unquoted, a backslash takes the next character as it is (`\\` is one backslash), and one at the end of
 *   the line joins the next line;
 * - `'…'` holds every character as it is, backslashes too; `"…"` as well, except that `\"`, `\\`, `` \` ``
 *   and `\$` stand for the character after the backslash;
 * - a name that is not letters, digits and `_` (e.g. `export NAME=…`) is ignored, as systemd ignores it.
 * A comment that ends in a backslash is where systemd's versions differ: from 254 it ends at the line's end,
 * as here, but 252 (Debian 12's) joins the next line to it, so that line's setting is lost for the service.
 * Such lines are named (`continuedComments`) so a person can remove the backslash.
 */
export type SettingsFile = {
  values: Record<string, string>;
  /** Names systemd ignores too (`export NAME`, a name with a dash), so a person can be told. */
  ignored: string[];
  /** Line numbers (from 1) of comments ending in a backslash, which systemd 252 joins to the next line. */
  continuedComments: number[];
};

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const WHITESPACE = " \t\n\r";
const NEWLINE = "\n\r";
/** Characters a backslash escapes inside double quotes, as in a shell (systemd's SHELL_NEED_ESCAPE). */
const ESCAPED_IN_DOUBLE_QUOTES = '"\\`$';

type State =
  | "preKey"
  | "key"
  | "preValue"
  | "value"
  | "valueEscape"
  | "single"
  | "double"
  | "doubleEscape"
  | "comment";

/** The settings of a file's text; see `SettingsFile` for the rules. */
export function parseSettingsFile(text: string): SettingsFile {
  const file: SettingsFile = { values: {}, ignored: [], continuedComments: [] };
  let state: State = "preKey";
  let line = 1;
  // Inside a comment, whether systemd 252 would take the next character as escaped (after an odd backslash).
  let commentEscape = false;
  let key = "";
  let value = "";
  // Where trailing whitespace of an unquoted value starts, to be chopped off at the end of the line.
  let valueEnd = -1;
  const push = () => {
    const name = key.trimEnd();
    const kept = state === "value" && valueEnd >= 0 ? value.slice(0, valueEnd) : value;
    if (NAME.test(name)) file.values[name] = kept;
    else file.ignored.push(name);
    key = "";
    value = "";
    valueEnd = -1;
  };
  for (const c of text) {
    if (state === "comment") {
      if (commentEscape && NEWLINE.includes(c)) file.continuedComments.push(line);
      commentEscape = !commentEscape && c === "\\";
    } else commentEscape = false;
    if (c === "\n") line++;
    switch (state) {
      case "preKey":
        if (c === "#" || c === ";") state = "comment";
        else if (!WHITESPACE.includes(c)) {
          state = "key";
          key = c;
        }
        break;
      case "key":
        if (NEWLINE.includes(c)) {
          state = "preKey";
          key = "";
        } else if (c === "=") state = "preValue";
        else key += c;
        break;
      case "preValue":
        if (NEWLINE.includes(c)) {
          push();
          state = "preKey";
        } else if (c === "'") state = "single";
        else if (c === '"') state = "double";
        else if (c === "\\") state = "valueEscape";
        else if (!WHITESPACE.includes(c)) {
          state = "value";
          value += c;
        }
        break;
      case "value":
        if (NEWLINE.includes(c)) {
          push();
          state = "preKey";
        } else if (c === "\\") {
          state = "valueEscape";
          valueEnd = -1;
        } else {
          if (!WHITESPACE.includes(c)) valueEnd = -1;
          else if (valueEnd < 0) valueEnd = value.length;
          value += c;
        }
        break;
      case "valueEscape":
        state = "value";
        if (!NEWLINE.includes(c)) value += c;
        break;
      case "single":
        if (c === "'") state = "preValue";
        else value += c;
        break;
      case "double":
        if (c === '"') state = "preValue";
        else if (c === "\\") state = "doubleEscape";
        else value += c;
        break;
      case "doubleEscape":
        state = "double";
        if (ESCAPED_IN_DOUBLE_QUOTES.includes(c)) value += c;
        else if (c !== "\n") value += `\\${c}`;
        break;
      case "comment":
        if (NEWLINE.includes(c)) state = "preKey";
        break;
    }
  }
  if (state !== "preKey" && state !== "key" && state !== "comment") push();
  return file;
}

export class SettingsFileError extends Error {}

/** The settings file at `path`, or a SettingsFileError that says why it cannot be read. */
export function readSettingsFile(path: string): SettingsFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as { code?: string }).code;
    const why =
      code === "ENOENT"
        ? "there is no such file"
        : code === "EACCES"
          ? "it may not be read by this user (run the command as root, or as the shop's user)"
          : (error as Error).message;
    throw new SettingsFileError(`The settings file ${path} cannot be read: ${why}.`);
  }
  return parseSettingsFile(text);
}
