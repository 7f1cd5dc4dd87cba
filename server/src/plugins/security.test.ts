import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors/index.ts";
import {
  contentSecurityDirectives,
  recordedHeaders,
  registerSecurity,
  securityMiddleware,
} from "./security.ts";

describe("Content-Security-Policy", () => {
  it("allows nothing of PayPal without a PayPal SDK address", () => {
    const directives = contentSecurityDirectives({});
    expect(directives.scriptSrc).toEqual(["'self'"]);
    expect(directives.frameSrc).toEqual(["'self'"]);
    expect(directives.connectSrc).toEqual(["'self'"]);
  });

  it("allows PayPal's script, frames, images and API hosts, and the configured SDK's origin", () => {
    const directives = contentSecurityDirectives({
      paymentSdkUrl: "http://127.0.0.1:3198/sdk/js",
      sentryDsn: "https://key@o1.ingest.sentry.example/2",
    });
    for (const directive of [
      directives.scriptSrc,
      directives.frameSrc,
      directives.connectSrc,
      directives.imgSrc,
    ]) {
      expect(directive).toContain("https://*.paypal.com");
      expect(directive).toContain("https://*.paypalobjects.com");
      expect(directive).toContain("http://127.0.0.1:3198");
    }
    expect(directives.connectSrc).toContain("https://o1.ingest.sentry.example");
    expect(directives.scriptSrc).not.toContain("'unsafe-inline'");
    // PayPal's own address adds no second entry.
    expect(contentSecurityDirectives({ paymentSdkUrl: "https://www.paypal.com/sdk/js" }).scriptSrc).toEqual([
      "'self'",
      "https://*.paypal.com",
      "https://*.paypalobjects.com",
      "https://www.paypal.com",
    ]);
  });

  it("is sent with every reply", async () => {
    const app = Fastify();
    await registerSecurity(app, { corsOrigins: [], paymentSdkUrl: "https://www.sandbox.paypal.com/sdk/js" });
    app.get("/", async () => "ok");
    const csp = String((await app.inject("/")).headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self' https://*.paypal.com https://*.paypalobjects.com");
    expect(csp).toContain("frame-src 'self' https://*.paypal.com");
    await app.close();
  });
});

describe("security headers recorded once (D434)", () => {
  const options = { corsOrigins: [], paymentSdkUrl: "https://www.sandbox.paypal.com/sdk/js" };

  /** What helmet's middleware sets on a real Node.js reply, as it did on every request before D434. */
  function helmetOnARealReply(): Record<string, string> {
    const res = new ServerResponse(new IncomingMessage(new Socket()));
    securityMiddleware(options)(res.req, res, (error) => {
      if (error) throw error;
    });
    return Object.fromEntries(Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)]));
  }

  it("every reply carries helmet's own headers: a route's, a refusal, a 404 and a failure's; a route may override one", async () => {
    const expected = helmetOnARealReply();
    expect(Object.keys(expected).length).toBeGreaterThan(10);
    const app = Fastify();
    await registerSecurity(app, options);
    app.get("/", async () => "ok");
    app.get("/refused", async () => {
      throw AppError.validation("non_field_errors", "invalid");
    });
    app.get("/broken", async () => {
      throw new Error("broken");
    });
    app.get("/media", async (_request, reply) => {
      reply.header("cross-origin-resource-policy", "cross-origin");
      return "image";
    });
    for (const [url, status] of [
      ["/", 200],
      ["/refused", 400],
      ["/missing", 404],
      ["/broken", 500],
    ] as const) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(status);
      for (const [name, value] of Object.entries(expected))
        expect(res.headers[name], `${url} ${name}`).toBe(value);
    }
    const media = await app.inject("/media");
    expect(media.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(media.headers["content-security-policy"]).toBe(expected["content-security-policy"]);
    await app.close();
  });

  it("refuses, at start, a middleware that does not finish at once or fails", () => {
    expect(() => recordedHeaders(() => undefined)).toThrow(/did not finish/);
    expect(() => recordedHeaders((_req, _res, next) => next(new Error("bad options")))).toThrow(
      "bad options",
    );
    // A header removed is left out; names are lower-cased.
    expect(
      recordedHeaders((_req, res, next) => {
        res.setHeader("X-One", "1");
        res.setHeader("X-Two", "2");
        res.removeHeader("X-Two");
        next();
      }),
    ).toEqual({ "x-one": "1" });
  });
});
