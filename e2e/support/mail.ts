import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { expect } from "@playwright/test";

/** Decodes a quoted-printable body (soft line breaks and =XX bytes, as UTF-8). */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/**
 * The newest mail of `template` (verify-email, password-reset) to `address`, from the server's
 * DATA_DIR/outbox/ (the e2e server runs without SMTP_URL). Waits for the mail worker to write it.
 * `dataDir`: another shop's folder (the demo gateway's shop, E2E_DEMO_DATA_DIR).
 */
export async function newestMail(
  template: string,
  address: string,
  dataDir = process.env.E2E_DATA_DIR,
  /** How long to wait for the mail worker (a busy machine writes a paid order's mail with its PDFs later). */
  timeout = 10_000,
): Promise<string> {
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (see playwright.config.ts)");
  const outbox = join(dataDir, "outbox");
  let found = "";
  await expect
    .poll(
      async () => {
        const names = (await readdir(outbox).catch(() => [] as string[])).filter((file) =>
          file.endsWith(`-${template}.eml`),
        );
        const dated = await Promise.all(
          names.map(async (file) => ({ file, time: (await stat(join(outbox, file))).mtimeMs })),
        );
        // Newest first.
        for (const { file } of dated.sort((a, b) => b.time - a.time)) {
          const raw = await readFile(join(outbox, file), "utf8");
          const headers = raw.slice(0, raw.search(/\r?\n\r?\n/));
          if (headers.toLowerCase().includes(address.toLowerCase())) {
            found = decodeQuotedPrintable(raw);
            return true;
          }
        }
        return false;
      },
      { timeout, message: `a ${template} mail to ${address}` },
    )
    .toBe(true);
  return found;
}

/** The first link in a mail whose URL contains `part`. */
export function linkIn(mail: string, part: string): string {
  const links = mail.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const link = links.find((candidate) => candidate.includes(part));
  if (!link) throw new Error(`no link with ${part} in the mail`);
  return link.replace(/&amp;/g, "&");
}

/** How many mails of `template` to `address` the server's outbox holds (a "sent once" check). */
export async function countMails(template: string, address: string, dataDir = process.env.E2E_DATA_DIR) {
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (see playwright.config.ts)");
  const outbox = join(dataDir, "outbox");
  const names = (await readdir(outbox).catch(() => [] as string[])).filter((file) =>
    file.endsWith(`-${template}.eml`),
  );
  let n = 0;
  for (const file of names) {
    const raw = await readFile(join(outbox, file), "utf8");
    if (
      raw
        .slice(0, raw.search(/\r?\n\r?\n/))
        .toLowerCase()
        .includes(address.toLowerCase())
    )
      n += 1;
  }
  return n;
}
