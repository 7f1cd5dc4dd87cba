import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import type { MailLogger } from "./mail-worker.ts";

/** Helpers for the mail tests only: a real SMTP server, a recording logger, a raw-message reader. */

export type ReceivedMail = { from: string; to: string[]; raw: string };

export type TestSmtpServer = {
  url: string;
  received: ReceivedMail[];
  /** While set, every RCPT TO is refused with this error. */
  rejectWith: string | undefined;
  close(): Promise<void>;
};

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    url: "",
    received: [],
    rejectWith: undefined,
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.rejectWith) {
        const error = Object.assign(new Error(state.rejectWith), { responseCode: 451 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        state.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

export type LogEntry = {
  level: "info" | "warn" | "error";
  details: Record<string, unknown>;
  message: string;
};

export function createTestLogger(): MailLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at =
    (level: LogEntry["level"]) =>
    (details: Record<string, unknown>, message: string): void => {
      entries.push({ level, details, message });
    };
  return { entries, info: at("info"), warn: at("warn"), error: at("error") };
}

export type ParsedAttachment = {
  filename: string;
  contentType: string;
  /** The Content-ID without its angle brackets, for an inline part. */
  cid: string | undefined;
  disposition: string;
  content: Buffer;
};

export type ParsedMail = {
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
  attachments: ParsedAttachment[];
};

/** Reads an RFC 822 message as nodemailer writes it: encoded-word headers, multipart bodies, QP or base64 parts. */
export function parseRawMail(raw: string): ParsedMail {
  const parsed: ParsedMail = { headers: new Map(), subject: "", text: "", html: "", attachments: [] };
  const top = parsePart(raw, parsed);
  parsed.headers = top;
  parsed.subject = top.get("subject") ?? "";
  return parsed;
}

function parsePart(raw: string, into: ParsedMail): Map<string, string> {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers = parseHeaders(head);
  const contentType = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith("multipart/") && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      parsePart(section.replace(/^\r?\n/, ""), into);
    }
    return headers;
  }
  const encoding = headers.get("content-transfer-encoding") ?? "7bit";
  const disposition = headers.get("content-disposition") ?? "";
  const filename =
    /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? /name="?([^";]+)"?/i.exec(contentType)?.[1];
  if (filename || !contentType.toLowerCase().startsWith("text/")) {
    into.attachments.push({
      filename: filename ?? "",
      contentType: contentType.split(";")[0]?.trim().toLowerCase() ?? "",
      cid: headers.get("content-id")?.replace(/^<|>$/g, ""),
      disposition: disposition.split(";")[0]?.trim().toLowerCase() ?? "",
      content:
        encoding.toLowerCase() === "base64"
          ? Buffer.from(body.replace(/\s+/g, ""), "base64")
          : Buffer.from(body),
    });
    return headers;
  }
  const decoded = decodeBody(body, encoding);
  if (contentType.toLowerCase().startsWith("text/html")) into.html += decoded;
  else if (contentType.toLowerCase().startsWith("text/plain")) into.text += decoded;
  return headers;
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    headers.set(line.slice(0, colon).trim().toLowerCase(), decodeEncodedWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_match, _charset: string, encoding: string, text: string) =>
        encoding.toUpperCase() === "B"
          ? Buffer.from(text, "base64").toString("utf8")
          : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable":
      return decodeQuotedPrintable(body.replace(/=\r?\n/g, ""));
    default:
      return body;
  }
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}
