import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The text of a PDF as a reader extracts it (poppler's pdftotext, which the test machines have). */
export function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), "e2e-pdf-")), "doc.pdf");
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

/** The PDF parts of a mail (its invoice, a gift card), decoded. */
export function pdfsIn(rawMail: string): Buffer[] {
  const parts = rawMail.split(/\r?\n--/);
  return parts
    .filter((part) => /Content-Type: application\/pdf/i.test(part))
    .map((part) => {
      const body = part.slice(part.search(/\r?\n\r?\n/)).replace(/[^A-Za-z0-9+/=]/g, "");
      return Buffer.from(body, "base64");
    });
}
