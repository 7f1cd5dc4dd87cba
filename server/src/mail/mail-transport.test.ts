import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../config/env.ts";
import type { Database } from "../db/client.ts";
import { createMailer } from "../mailer/index.ts";
import { createTestDatabase } from "../test/test-database.ts";
import { createTransport, smtpOptionsFromUrl } from "./mail-transport.ts";
import { createTestLogger, parseRawMail } from "./test-support.ts";

let database: Database;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), "atelier-mail-"));
});

afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe(".eml fallback without SMTP_URL", () => {
  it("writes each mail as a parseable RFC 822 file under DATA_DIR/outbox", async () => {
    const env = loadEnv({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: "https://shop.example" });
    expect(env.SMTP_URL).toBeUndefined();
    const mailer = createMailer({ db: database.db, env, logger: createTestLogger() });
    expect(mailer.describe()).toBe(`eml files in ${join(dataDir, "outbox")}`);

    const link = "https://shop.example/?uid=7&token=t-99";
    const { id } = await database.db.transaction((tx) =>
      mailer.enqueue(tx, {
        to: "olga@example.org",
        template: "password-reset",
        locale: "ru",
        data: { firstName: "Ольга", link },
      }),
    );
    expect(await mailer.drainOnce()).toEqual({ sent: 1, failed: 0 });

    const files = await readdir(join(dataDir, "outbox"));
    expect(files).toEqual([`${id}-password-reset.eml`]);
    const raw = await readFile(join(dataDir, "outbox", `${id}-password-reset.eml`), "utf8");
    expect(raw).toMatch(/^Subject: /m);
    expect(raw).toContain("\r\n");
    const mail = parseRawMail(raw);
    expect(mail.subject).toBe("Восстановление пароля");
    expect(mail.headers.get("from")).toBe("Atelier <info@atelier-berlin.example>");
    expect(mail.headers.get("to")).toBe("olga@example.org");
    expect(mail.headers.get("x-atelier-mail-id")).toBe(String(id));
    expect(mail.text).toContain("Здравствуйте, Ольга!");
    expect(mail.text).toContain(link);
    expect(mail.html).toContain("https://shop.example/?uid=7&amp;token=t-99");
  });
});

describe("SMTP transport configuration", () => {
  it("skips STARTTLS only for plain smtp:// on this machine unless the URL decides", () => {
    expect(smtpOptionsFromUrl("smtp://127.0.0.1:2525")).toEqual({
      url: "smtp://127.0.0.1:2525",
      ignoreTLS: true,
    });
    expect(smtpOptionsFromUrl("smtp://localhost:25")).toMatchObject({ ignoreTLS: true });
    expect(smtpOptionsFromUrl("smtp://127.0.0.1:2525?requireTLS=true")).toEqual({
      url: "smtp://127.0.0.1:2525?requireTLS=true",
    });
    expect(smtpOptionsFromUrl("smtp://mail.example.org:587")).toEqual({ url: "smtp://mail.example.org:587" });
    expect(smtpOptionsFromUrl("smtps://mail.example.org:465")).toEqual({
      url: "smtps://mail.example.org:465",
    });
  });

  it("describes the relay without its credentials", () => {
    const transport = createTransport({
      SMTP_URL: "smtp://shop:s3cret@mail.example.org:587",
      MAIL_FROM: "Atelier <info@atelier-berlin.example>",
      DATA_DIR: dataDir,
    });
    expect(transport.describe()).toBe("smtp smtp://mail.example.org:587");
    expect(transport.describe()).not.toContain("s3cret");
  });
});
