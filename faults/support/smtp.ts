import { SMTPServer } from "smtp-server";
import { freePort } from "./shop.ts";

/** A mail as the relay received it: the outbox row it came from (X-Atelier-Mail-Id) and its template. */
export type RelayedMail = { mailId: number; template: string; to: string[] };

export type SmtpStandIn = {
  /** SMTP_URL for the shop; the port stays the same across stop() and start(). */
  url: string;
  received: RelayedMail[];
  /** Stops listening: the shop's connections are refused until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
};

const header = (raw: string, name: string) =>
  new RegExp(`^${name}:\\s*(.+)$`, "im").exec(raw.slice(0, raw.search(/\r?\n\r?\n/)))?.[1]?.trim() ?? "";

/** A local SMTP relay (the `smtp-server` package) on 127.0.0.1 that records what it is given. */
export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const port = await freePort();
  const received: RelayedMail[] = [];
  let server: SMTPServer | undefined;

  async function start() {
    const next = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      // A stop ends open sessions at once instead of waiting for them.
      closeTimeout: 100,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          received.push({
            mailId: Number(header(raw, "X-Atelier-Mail-Id")),
            template: header(raw, "X-Atelier-Template"),
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          });
          callback();
        });
      },
    });
    await new Promise<void>((done, fail) => {
      next.once("error", fail);
      next.listen(port, "127.0.0.1", () => done());
    });
    server = next;
  }

  await start();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    start,
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((done) => current.close(() => done()));
    },
  };
}

/** How often each outbox mail reached the relay. */
export function deliveries(received: RelayedMail[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const mail of received) counts.set(mail.mailId, (counts.get(mail.mailId) ?? 0) + 1);
  return counts;
}
