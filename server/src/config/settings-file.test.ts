import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadEnv } from "./env.ts";
import { parseSettingsFile, readSettingsFile, SettingsFileError } from "./settings-file.ts";

/**
 * The shop's settings file read by the school's commands as systemd reads it for the service
 * (`EnvironmentFile=`): values taken literally, never a `$` expanded as a shell's `. shop.env` does.
 */

const FILE = [
  "# a comment",
  "; another",
  "PLAIN=pa$word",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's variable, written as it stands in a file
  "BRACES=${HOME}/x",
  'DOUBLE="pa$word with spaces"',
  "SINGLE='pa$word \\ and \"quotes\"'",
  "HASH=ab#cd",
  'ESCAPED="say \\"hi\\" for \\$5 \\\\ \\n"',
  "BACKSLASH=back\\slash",
  "  SPACED  =   inner  space   ",
  "URL=postgres://atelier:p%40ss$1@127.0.0.1:5432/atelier",
  "EMPTY=",
  "JOINED=first\\",
  "second",
  "export EXPORTED=1",
  "WITH-DASH=1",
  "no equals sign",
].join("\n");

describe("parseSettingsFile", () => {
  it("takes every value literally, as systemd's EnvironmentFile= does: no $ expanded, # kept", () => {
    const { values, ignored } = parseSettingsFile(FILE);
    expect(values).toEqual({
      PLAIN: "pa$word",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the same, taken literally
      BRACES: "${HOME}/x",
      DOUBLE: "pa$word with spaces",
      SINGLE: 'pa$word \\ and "quotes"',
      HASH: "ab#cd",
      ESCAPED: 'say "hi" for $5 \\ \\n',
      BACKSLASH: "backslash",
      SPACED: "inner  space",
      URL: "postgres://atelier:p%40ss$1@127.0.0.1:5432/atelier",
      EMPTY: "",
      JOINED: "firstsecond",
    });
    // systemd ignores these too (and says so in its journal).
    expect(ignored).toEqual(["export EXPORTED", "WITH-DASH"]);
  });

  it("gives the values a shell's `set -a && . file` would have changed as they are written", () => {
    // What the guide told operators before: the shell expands $word and ${HOME}, and cuts at the #.
    const dir = mkdtempSync(join(tmpdir(), "atelier-settings-"));
    const file = join(dir, "shop.env");
    writeFileSync(file, "PLAIN=pa$word\nURL=postgres://atelier:p%40ss$1@127.0.0.1:5432/atelier\n");
    const shell = execFileSync(
      "bash",
      ["-c", 'f="$1" && shift && set -a && . "$f" && printf "%s\\n%s" "$PLAIN" "$URL"', "-", file],
      {
        encoding: "utf8",
        env: { PATH: process.env.PATH ?? "" },
      },
    );
    expect(shell).toBe("pa\npostgres://atelier:p%40ss@127.0.0.1:5432/atelier");
    expect(readSettingsFile(file).values).toEqual({
      PLAIN: "pa$word",
      URL: "postgres://atelier:p%40ss$1@127.0.0.1:5432/atelier",
    });
  });

  it("reads deploy/settings.env.example into settings the shop accepts", () => {
    const example = readFileSync(new URL("../../../deploy/settings.env.example", import.meta.url), "utf8");
    const { values, ignored, continuedComments } = parseSettingsFile(example);
    expect(ignored).toEqual([]);
    expect(continuedComments).toEqual([]);
    expect(values.MAIL_FROM).toBe("Atelier <info@school.example.org>");
    expect(values.SCHOOL_ADDRESS).toBe("Musterstraße 1, 10115 Berlin");
    const env = loadEnv(values);
    expect(env.NODE_ENV).toBe("production");
    expect(env.SMTP_URL).toBe("smtp://shop%40school.example.org:change-me@smtp.example.org:587");
  });

  it("names a comment ending in a backslash, which Debian 12's systemd joins to the next line", () => {
    const file = parseSettingsFile(
      [
        "# the mail server \\",
        "SMTP_URL=smtp://mail",
        "# two backslashes end it \\\\",
        "DATA_DIR=/var/lib/x",
      ].join("\n"),
    );
    // This reader (systemd 254 and later) keeps both settings; systemd 252 would lose SMTP_URL.
    expect(file.values).toEqual({ SMTP_URL: "smtp://mail", DATA_DIR: "/var/lib/x" });
    expect(file.continuedComments).toEqual([1]);
    expect(parseSettingsFile(FILE).continuedComments).toEqual([]);
  });

  it("says why a file cannot be read", () => {
    expect(() => readSettingsFile("/nonexistent/shop.env")).toThrow(
      new SettingsFileError("The settings file /nonexistent/shop.env cannot be read: there is no such file."),
    );
  });
});
