import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPreflightCommand } from "./preflight-cli.ts";

/**
 * `npm run preflight -- --settings /etc/atelier-shop/shop.env` reads the settings file as the shop's service
 * does: a password with a `$` reaches the mail server as it is written (a shell's `. shop.env` would send
 * "pa" for "pa$word").
 */

const PASSWORD = "pa$word";
let smtp: SMTPServer;
let port: number;
beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "shop" && auth.password === PASSWORD) callback(null, { user: "shop" });
      else callback(new Error("Invalid username or password"));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

function settingsFile(smtpUrl: string): string {
  const dir = mkdtempSync(join(tmpdir(), "atelier-preflight-cli-"));
  const file = join(dir, "shop.env");
  writeFileSync(
    file,
    [
      "PUBLIC_URL=https://shop.kunstschule.test",
      `DATA_DIR=${dir}`,
      `SMTP_URL=${smtpUrl}`,
      'SCHOOL_LEGAL_NAME="Kunstschule Pankow e. V."',
      'SCHOOL_ADDRESS="Breite Straße 3, 13187 Berlin"',
      "SCHOOL_TAX_ID=DE123456789",
      "SCHOOL_EMAIL=info@kunstschule.test",
      "",
    ].join("\n"),
  );
  return file;
}

function capture() {
  const lines: string[] = [];
  return { lines, io: { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) } };
}

describe("npm run preflight -- --settings FILE", () => {
  it("reads a password with a $ as written, as the shop's service reads the file", async () => {
    const file = settingsFile(`smtp://shop:${PASSWORD}@127.0.0.1:${port}`);
    const { lines, io } = capture();
    expect(await runPreflightCommand(io, ["--settings", file], {}), lines.join("\n")).toBe(0);
    expect(lines.at(-1)).toBe("Preflight: every setting holds.");
  }, 60_000);

  it("makes no database where the settings point when the shop has none there yet, and says so", async () => {
    const file = settingsFile(`smtp://shop:${PASSWORD}@127.0.0.1:${port}`);
    const { lines, io } = capture();
    expect(await runPreflightCommand(io, ["--settings", file], {}), lines.join("\n")).toBe(0);
    expect(lines[0]).toMatch(/^! No shop database at .*pglite\b.*checked against an empty database/);
    expect(existsSync(join(dirname(file), "pglite"))).toBe(false);
  }, 60_000);

  it("says when the mail server refuses the password the file holds", async () => {
    const file = settingsFile(`smtp://shop:other@127.0.0.1:${port}`);
    const { lines, io } = capture();
    expect(await runPreflightCommand(io, ["--settings", file], {})).toBe(1);
    expect(lines.join("\n")).toContain("The mail server at SMTP_URL refuses us");
  }, 60_000);
});
