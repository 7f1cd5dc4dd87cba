import { connect, type Socket } from "node:net";
import type { RateLimitStore } from "./rate-limit.ts";

/**
 * A rate-limit store in Redis, so several instances count together. The shop needs two commands, so it
 * speaks RESP over one socket itself instead of pulling in a client library. When Redis cannot be reached,
 * counting falls back to `fallback` (this instance's memory): limits stay on, per instance.
 */

type Reply = string | number | null | Reply[];
type Pending = { resolve: (reply: Reply) => void; reject: (error: Error) => void };

// INCR, a window expiry on the first hit, and the time left, in one atomic step.
const HIT_SCRIPT =
  "local c = redis.call('INCR', KEYS[1]) if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end " +
  "local t = redis.call('PTTL', KEYS[1]) if t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) t = tonumber(ARGV[1]) end " +
  "return {c, t}";

const TIMEOUT_MS = 1000;

export function createRedisStore(url: string, fallback: RateLimitStore): RateLimitStore {
  const target = new URL(url);
  const port = Number(target.port || 6379);
  const host = target.hostname || "127.0.0.1";
  const password = target.password ? decodeURIComponent(target.password) : undefined;
  const username = target.username ? decodeURIComponent(target.username) : undefined;
  const database = target.pathname.length > 1 ? target.pathname.slice(1) : undefined;

  let socket: Socket | undefined;
  let buffer = Buffer.alloc(0);
  const pending: Pending[] = [];

  function failAll(error: Error) {
    socket = undefined;
    buffer = Buffer.alloc(0);
    for (const waiter of pending.splice(0)) waiter.reject(error);
  }

  function open(): Socket {
    if (socket) return socket;
    const created = connect({ host, port });
    created.setNoDelay(true);
    created.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const parsed = parseReply(buffer, 0);
        if (!parsed) break;
        buffer = buffer.subarray(parsed.end);
        const waiter = pending.shift();
        if (parsed.reply instanceof Error) waiter?.reject(parsed.reply);
        else waiter?.resolve(parsed.reply);
      }
    });
    created.on("error", (error) => failAll(error));
    created.on("close", () => failAll(new Error("redis connection closed")));
    socket = created;
    if (password) void send(username ? ["AUTH", username, password] : ["AUTH", password]).catch(() => {});
    if (database) void send(["SELECT", database]).catch(() => {});
    return created;
  }

  function send(args: string[]): Promise<Reply> {
    const connection = open();
    return new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => {
        connection.destroy();
        reject(new Error("redis timeout"));
      }, TIMEOUT_MS);
      pending.push({
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      connection.write(encodeCommand(args));
    });
  }

  return {
    async hit(key, windowMs) {
      try {
        const reply = await send(["EVAL", HIT_SCRIPT, "1", key, String(windowMs)]);
        if (Array.isArray(reply) && typeof reply[0] === "number" && typeof reply[1] === "number")
          return { count: reply[0], resetInMs: reply[1] };
        throw new Error("unexpected redis reply");
      } catch {
        return fallback.hit(key, windowMs);
      }
    },
    async close() {
      socket?.end();
      socket = undefined;
      await fallback.close();
    },
  };
}

function encodeCommand(args: string[]): string {
  return `*${args.length}\r\n${args.map((arg) => `$${Buffer.byteLength(arg)}\r\n${arg}\r\n`).join("")}`;
}

/** Reads one RESP reply at `start`; undefined while it is incomplete. */
function parseReply(data: Buffer, start: number): { reply: Reply | Error; end: number } | undefined {
  const lineEnd = data.indexOf("\r\n", start);
  if (lineEnd === -1) return undefined;
  const type = String.fromCharCode(data[start] ?? 0);
  const line = data.toString("utf8", start + 1, lineEnd);
  const next = lineEnd + 2;
  switch (type) {
    case "+":
      return { reply: line, end: next };
    case "-":
      return { reply: new Error(line), end: next };
    case ":":
      return { reply: Number(line), end: next };
    case "$": {
      const length = Number(line);
      if (length < 0) return { reply: null, end: next };
      if (data.length < next + length + 2) return undefined;
      return { reply: data.toString("utf8", next, next + length), end: next + length + 2 };
    }
    case "*": {
      const count = Number(line);
      if (count < 0) return { reply: null, end: next };
      const items: Reply[] = [];
      let at = next;
      for (let i = 0; i < count; i++) {
        const item = parseReply(data, at);
        if (!item) return undefined;
        items.push(item.reply instanceof Error ? null : item.reply);
        at = item.end;
      }
      return { reply: items, end: at };
    }
    default:
      return { reply: new Error(`unknown redis reply type ${type}`), end: data.length };
  }
}
