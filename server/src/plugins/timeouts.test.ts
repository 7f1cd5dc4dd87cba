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
    // The body would have taken 6 s at this pace.
    expect(elapsedMs).toBeLessThan(3000);
  });
});
