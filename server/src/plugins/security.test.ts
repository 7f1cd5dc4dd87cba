import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { contentSecurityDirectives, registerSecurity } from "./security.ts";

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
