import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync, inflateSync } from "node:zlib";

/**
 * A tiny Sentry on 127.0.0.1 for the monitoring tests (D182): the envelope endpoint
 * `POST /api/<project>/envelope/` that Sentry's SDKs send errors, transactions, sessions and replays to.
 * The body is an envelope: a JSON header line, then items, each a JSON header line and a payload of the
 * header's `length` in bytes (or up to the next newline), possibly gzip- or deflate-encoded as a whole.
 * It refuses what Sentry refuses: no public key (neither `sentry_key` in the query nor in `X-Sentry-Auth`)
 * is 401, a key it does not know or a project other than its own 403, anything but the endpoint 404.
 * Replay recordings (`replay_recording`: a JSON line and the rrweb events, zlib-compressed by the
 * browser SDK's worker) are decoded, so a test reads the replay's options event.
 */
export type SentryItem = {
  header: { type: string; [key: string]: unknown };
  /** The payload parsed: JSON, or for `replay_recording` `{ segment_id, events }`; raw text otherwise. */
  body: unknown;
};

export type SentryEnvelope = { header: Record<string, unknown>; items: SentryItem[]; raw: string };

export type SentryStandIn = {
  url: string;
  /** `http://<public key>@127.0.0.1:<port>/<project>`, what SENTRY_DSN is set to. */
  dsn: string;
  publicKey: string;
  projectId: string;
  /** Every accepted envelope, in order of arrival. */
  envelopes: SentryEnvelope[];
  /** Every request as answered: method, path and status. */
  log: { method: string; path: string; status: number }[];
  /** The items of one type over all envelopes (`event`, `transaction`, `session`, `replay_event`, …). */
  items(type: string): { envelope: SentryEnvelope; item: SentryItem }[];
  /** Resolves with the first item of the type the predicate accepts, waiting for it up to `timeoutMs`. */
  waitFor(
    type: string,
    predicate?: (item: SentryItem, envelope: SentryEnvelope) => boolean,
    timeoutMs?: number,
  ): Promise<{ envelope: SentryEnvelope; item: SentryItem }>;
  close(): Promise<void>;
};

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/** The public key an SDK sends: `?sentry_key=` (browser and Node) or `X-Sentry-Auth: Sentry sentry_key=…`. */
function publicKeyOf(request: IncomingMessage, query: URLSearchParams): string | undefined {
  const fromQuery = query.get("sentry_key");
  if (fromQuery) return fromQuery;
  const auth = request.headers["x-sentry-auth"];
  const match = typeof auth === "string" ? /sentry_key=([^,\s]+)/.exec(auth) : null;
  return match?.[1];
}

function decodeReplayRecording(payload: Buffer): unknown {
  const newline = payload.indexOf(0x0a);
  const header = JSON.parse(payload.subarray(0, newline).toString("utf8")) as Record<string, unknown>;
  const rest = payload.subarray(newline + 1);
  // The worker compresses with zlib; without the worker the events come as JSON text.
  const text = rest[0] === 0x78 ? inflateSync(rest).toString("utf8") : rest.toString("utf8");
  return { ...header, events: JSON.parse(text) as unknown };
}

/** Splits an envelope into its header and items, by each item's `length` when given (payloads may be binary). */
export function parseEnvelope(bytes: Buffer): SentryEnvelope {
  let at = 0;
  const line = () => {
    let end = bytes.indexOf(0x0a, at);
    if (end < 0) end = bytes.length;
    const text = bytes.subarray(at, end).toString("utf8");
    at = end + 1;
    return text;
  };
  const header = JSON.parse(line()) as Record<string, unknown>;
  const items: SentryItem[] = [];
  while (at < bytes.length) {
    const headerLine = line();
    if (headerLine.trim() === "") continue;
    const itemHeader = JSON.parse(headerLine) as SentryItem["header"];
    let payload: Buffer;
    if (typeof itemHeader.length === "number") {
      payload = bytes.subarray(at, at + itemHeader.length);
      at += itemHeader.length;
      if (bytes[at] === 0x0a) at += 1;
    } else {
      payload = Buffer.from(line(), "utf8");
    }
    let body: unknown;
    if (itemHeader.type === "replay_recording") body = decodeReplayRecording(payload);
    else {
      const text = payload.toString("utf8");
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    items.push({ header: itemHeader, body });
  }
  return { header, items, raw: bytes.toString("utf8") };
}

export async function startSentryStandIn(
  options: { port?: number; publicKey?: string; projectId?: string } = {},
): Promise<SentryStandIn> {
  const publicKey = options.publicKey ?? "e2e0standin0public0key0000000000";
  const projectId = options.projectId ?? "4242";
  const envelopes: SentryEnvelope[] = [];
  const log: SentryStandIn["log"] = [];
  const waiters = new Set<() => void>();

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const answer = (status: number, body: unknown) => {
      log.push({ method: request.method ?? "", path: url.pathname, status });
      // The browser SDK posts from the shop's origin; Sentry answers every origin.
      response
        .writeHead(status, {
          "content-type": "application/json",
          "access-control-allow-origin": "*",
          "access-control-allow-headers": "content-type, x-sentry-auth",
          "access-control-allow-methods": "POST, OPTIONS",
        })
        .end(JSON.stringify(body));
    };
    const match = /^\/api\/([^/]+)\/envelope\/?$/.exec(url.pathname);
    if (!match) return answer(404, { detail: "not found" });
    if (request.method === "OPTIONS") return answer(200, {});
    if (request.method !== "POST") return answer(405, { detail: "method not allowed" });
    const key = publicKeyOf(request, url.searchParams);
    if (!key) return answer(401, { detail: "missing authorization information" });
    if (key !== publicKey) return answer(403, { detail: "invalid api key" });
    if (match[1] !== projectId) return answer(403, { detail: "project id does not match the key" });
    let body = await readBody(request);
    const encoding = request.headers["content-encoding"];
    try {
      if (encoding === "gzip") body = gunzipSync(body);
      else if (encoding === "deflate") body = inflateSync(body);
      const envelope = parseEnvelope(body);
      envelopes.push(envelope);
    } catch (error) {
      return answer(400, { detail: `invalid envelope: ${String(error)}` });
    }
    for (const wake of waiters) wake();
    return answer(200, {});
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const items = (type: string) =>
    envelopes.flatMap((envelope) =>
      envelope.items.filter((item) => item.header.type === type).map((item) => ({ envelope, item })),
    );

  return {
    url: `http://127.0.0.1:${port}`,
    dsn: `http://${publicKey}@127.0.0.1:${port}/${projectId}`,
    publicKey,
    projectId,
    envelopes,
    log,
    items,
    waitFor(type, predicate = () => true, timeoutMs = 10_000) {
      const find = () => items(type).find(({ item, envelope }) => predicate(item, envelope));
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = find();
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(onEnvelope);
          resolve(found);
          return true;
        };
        const onEnvelope = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(onEnvelope);
          reject(new Error(`no ${type} item reached the Sentry stand-in within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(onEnvelope);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
