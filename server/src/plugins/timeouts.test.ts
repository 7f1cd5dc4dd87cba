import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app.ts";

describe("slow clients (REQUEST_TIMEOUT_MS=400)", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { REQUEST_TIMEOUT_MS: "400" } });
    await ctx.app.listen({ host: "127.0.0.1", port: 0 });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx.close());

  /** Sends the headers at once, then one byte of the body every 100 ms; resolves with what the server said. */
  function trickle(path: string): Promise<{ reply: string; elapsedMs: number }> {
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = connect({ host: "127.0.0.1", port });
      let reply = "";
      const body = JSON.stringify({ first_name: "A".repeat(60) });
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      let sent = 0;
      const timer = setInterval(() => {
        if (sent < body.length && !socket.destroyed) socket.write(body[sent++] ?? "");
      }, 100);
      socket.on("data", (chunk) => {
        reply += chunk;
      });
      socket.on("error", () => {});
      socket.on("close", () => {
        clearInterval(timer);
        resolve({ reply, elapsedMs: Date.now() - started });
      });
    });
  }

  it("answers 408 and closes the connection when the body does not arrive in time", async () => {
    const { reply, elapsedMs } = await trickle("/api/v2/contact_us/callback/");
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    // In the DRF shape, as every error (D484).
    expect(JSON.parse(reply.slice(reply.indexOf("\r\n\r\n") + 4))).toEqual({
      detail: "Die Anfrage kam nicht vollständig an. Bitte versuchen Sie es erneut.",
      error_codes: { detail: "request_timeout" },
    });
    // The body would have taken 6 s at this pace.
    expect(elapsedMs).toBeLessThan(3000);
  });

  describe("what the router and Node's parser refuse before a route runs: the DRF shape, no path echoed (D484)", () => {
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${port}${path}`, { headers });

    it("a path that is no valid percent-encoding: 400 in the asked language", async () => {
      const res = await get("/api/v2/visitors/%ff/?locale=ru");
      expect(res.status).toBe(400);
      const body = await res.text();
      expect(JSON.parse(body)).toEqual({
        non_field_errors: ["Некорректный запрос."],
        error_codes: { non_field_errors: ["parse_error"] },
      });
      expect(body).not.toContain("%ff");
    });

    it("an id longer than the router takes: 404, as an id nobody has", async () => {
      const res = await get(`/api/v2/visitors/${"1".repeat(200)}/`, { "accept-language": "de-DE" });
      expect(res.status).toBe(404);
      const body = await res.text();
      expect(JSON.parse(body)).toEqual({ detail: "Nicht gefunden.", error_codes: { detail: "not_found" } });
      expect(body).not.toContain("1111");
    });

    it("headers over Node's limit: 431, and the shop goes on answering", async () => {
      const res = await get(`/api/v2/products/?q=${"y".repeat(20_000)}`);
      expect(res.status).toBe(431);
      expect(await res.json()).toEqual({
        detail: "Die Anfrage ist zu groß.",
        error_codes: { detail: "payload_too_large" },
      });
      expect((await get("/api/v2/products/?locale=de")).status).toBe(200);
    });
  });
});
