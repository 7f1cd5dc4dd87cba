import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { BROTLI_QUALITY, COMPRESS_THRESHOLD } from "../plugins/index.ts";

/**
 * HTTP caching of the public catalogue and content replies: a weak ETag over the body,
 * `Cache-Control: public, max-age=60`, 304 on a matching `If-None-Match`, and a small in-process
 * cache of finished bodies keyed by the normalized request, with a short TTL.
 */

export const CATALOGUE_CACHE_CONTROL = "public, max-age=60";
/**
 * Replies with seats left: browsers and proxies may keep them but ask again each time (`If-None-Match`,
 * answered 304 while nothing changed), so a parent never books from a minute-old seat count (D81, D85).
 */
export const SEATS_CACHE_CONTROL = "public, no-cache";

/** A finished reply, encoded once, so a cache hit sends it without re-encoding. */
export type CachedBody = { bytes: Buffer; etag: string; contentType: string };

const sha1 = (data: string | Buffer) => createHash("sha1").update(data).digest("base64url");

export function weakEtag(body: string): string {
  return `W/"${sha1(body)}"`;
}

/** A piece of JSON made once and sent in many replies: its bytes and their SHA-1. */
export type JsonPart = { bytes: Buffer; hash: string };

export function jsonPart(json: string): JsonPart {
  const bytes = Buffer.from(json);
  return { bytes, hash: sha1(bytes) };
}

/**
 * A JSON reply of a small text around a part made once (D85): the part's bytes are copied, not
 * encoded or hashed again; the ETag covers the texts and the part's hash, so it changes with any byte.
 */
export function wrappedJsonBody(before: string, part: JsonPart, after: string): CachedBody {
  return {
    bytes: Buffer.concat([Buffer.from(before), part.bytes, Buffer.from(after)]),
    etag: `W/"${sha1(`${before}\u0000${part.hash}\u0000${after}`)}"`,
    contentType: "application/json; charset=utf-8",
  };
}

export type ResponseCache = {
  /** The cached body for `key`, or the one `produce` makes (shared by concurrent callers). Errors are not cached. */
  get(key: string, produce: () => Promise<CachedBody>): Promise<CachedBody>;
  clear(): void;
  dispose(): void;
};

const liveCaches = new Set<ResponseCache>();
const invalidateListeners = new Set<() => void>();

/**
 * Forgets every cached catalogue reply in this process. Replies with seats left are reused only
 * within the catalogue epoch (`epoch-cache.ts`, D85); the others (categories, instructors, content pages) are
 * kept for the TTL unless code that changes them calls this after its transaction commits.
 */
export function invalidateCatalogueCache(): void {
  for (const cache of liveCaches) cache.clear();
  for (const listener of invalidateListeners) listener();
}

/** Calls `listener` on `invalidateCatalogueCache()`; returns the unsubscribe. */
export function onCatalogueInvalidate(listener: () => void): () => void {
  invalidateListeners.add(listener);
  return () => invalidateListeners.delete(listener);
}

type Entry = {
  expires: number;
  /** The body being made or made. */
  value: Promise<CachedBody>;
  /** The last finished body, served while a newer one is made after expiry. */
  settled?: CachedBody;
  pending: boolean;
};

/**
 * Finished bodies by key. After the TTL the old body is still served while one request makes the new
 * one (stale-while-revalidate), so an expiry never makes every waiting client queue behind the database.
 * A failed refresh (a product that was unpublished, a database error) drops the entry: the next request
 * makes it afresh and sees the error.
 */
export function createResponseCache(options: { ttlMs: number; maxEntries?: number }): ResponseCache {
  const maxEntries = options.maxEntries ?? 500;
  const entries = new Map<string, Entry>();

  const start = (key: string, produce: () => Promise<CachedBody>, previous?: Entry): Entry => {
    const entry: Entry = { expires: Date.now() + options.ttlMs, value: produce(), pending: true };
    if (previous?.settled) entry.settled = previous.settled;
    entry.value.then(
      (body) => {
        entry.settled = body;
        entry.pending = false;
        entry.expires = Date.now() + options.ttlMs;
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    entries.set(key, entry);
    // Oldest first: Map keeps insertion order.
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
    return entry;
  };

  const cache: ResponseCache = {
    get(key, produce) {
      if (options.ttlMs <= 0) return produce();
      const hit = entries.get(key);
      if (!hit) return start(key, produce).value;
      if (!hit.settled) return hit.value;
      // Fresh, or stale with its refresh already running: the finished body.
      if (hit.pending || hit.expires > Date.now()) return Promise.resolve(hit.settled);
      start(key, produce, hit);
      return Promise.resolve(hit.settled);
    },
    clear: () => entries.clear(),
    dispose() {
      entries.clear();
      liveCaches.delete(cache);
    },
  };
  liveCaches.add(cache);
  return cache;
}

export function jsonBody(value: unknown): CachedBody {
  return textBody(JSON.stringify(value), "application/json; charset=utf-8");
}

export function textBody(body: string, contentType: string): CachedBody {
  return { bytes: Buffer.from(body), etag: weakEtag(body), contentType };
}

function addVary(reply: FastifyReply, value: string) {
  const current = reply.getHeader("vary");
  reply.header("vary", current ? `${String(current)}, ${value}` : value);
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  // Weak comparison (RFC 9110 §13.1.2): W/ prefixes are ignored.
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}

/**
 * Sends a cached body with its validators. Texts depend on the request's locale: when it is not in the
 * URL (`?locale=`), it came from the cookie or Accept-Language, so shared caches must vary on those.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedBody,
  options: { localized?: boolean; cacheControl?: string } = {},
) {
  reply.header("cache-control", options.cacheControl ?? CATALOGUE_CACHE_CONTROL).header("etag", cached.etag);
  const localeInUrl = typeof (request.query as { locale?: unknown } | undefined)?.locale === "string";
  if (options.localized !== false && !localeInUrl) addVary(reply, "Accept-Language, Cookie");
  if (matchesEtag(request.headers["if-none-match"], cached.etag)) return reply.status(304).send();
  // Bytes are sent as they are: the body is already serialized (and its shape is tested against the contract).
  reply.type(cached.contentType);
  const encoding = encodingFor(request, cached);
  if (encoding === undefined) return reply.send(cached.bytes as never);
  // Compressed once per body and encoding, not once per reply (D421); the compression plugin leaves a
  // reply that names its encoding alone.
  addVary(reply, "Accept-Encoding");
  return reply.header("content-encoding", encoding).send(encodedOnce(cached, encoding) as never);
}

type Encoding = "br" | "gzip";

/** A body's compressed copies, made when a client first asks for one. */
const encodedBodies = new WeakMap<CachedBody, Partial<Record<Encoding, Buffer>>>();

function encodedOnce(cached: CachedBody, encoding: Encoding): Buffer {
  let copies = encodedBodies.get(cached);
  if (!copies) {
    copies = {};
    encodedBodies.set(cached, copies);
  }
  copies[encoding] ??=
    encoding === "br"
      ? brotliCompressSync(cached.bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
      : gzipSync(cached.bytes);
  return copies[encoding];
}

/**
 * The encoding a cached body goes out in, as the compression plugin would choose it: brotli or gzip when
 * the client accepts one (the higher weight wins, brotli on a tie), only from COMPRESS_THRESHOLD bytes,
 * never with `x-no-compression`.
 */
function encodingFor(request: FastifyRequest, cached: CachedBody): Encoding | undefined {
  if (cached.bytes.length < COMPRESS_THRESHOLD) return undefined;
  if (request.headers["x-no-compression"] !== undefined) return undefined;
  return acceptedEncoding(request.headers["accept-encoding"]);
}

/** `Accept-Encoding` read for brotli and gzip (RFC 9110 §12.5.3: weights, `*`, `x-gzip`). */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name !== "" && Number.isFinite(weight)) weights.set(name === "x-gzip" ? "gzip" : name, weight);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get("*") ?? 0;
  const br = weightOf("br");
  const gzip = weightOf("gzip");
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? "br" : "gzip";
}
