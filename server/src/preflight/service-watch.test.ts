import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../config/index.ts";
import { startSmtpServer, type TestSmtpServer } from "../mail/test-support.ts";
import { watchUnreachableServices } from "./index.ts";

/**
 * A production start that went past a service it could not reach (D528) asks it again until it answers:
 * the log says so, and the state GET /metrics shows goes back to 0.
 */

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp?.close());

function recordingLog() {
  const lines: { level: string; message: string; details: object }[] = [];
  const at = (level: string) => (details: object, message: string) => {
    lines.push({ level, message, details });
  };
  return { lines, log: { info: at("info"), warn: at("warn"), error: at("error") } };
}

const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
};

describe("watchUnreachableServices", () => {
  it("asks a service the start could not reach again, says when it answers, and keeps one still away", async () => {
    const env = loadEnv({
      SMTP_URL: smtp.url,
      PAYPAL_API_BASE: "https://api.atelier.invalid",
      PAYPAL_CLIENT_ID: "id",
      PAYPAL_CLIENT_SECRET: "secret",
      PAYPAL_WEBHOOK_ID: "WH-1",
    });
    const { lines, log } = recordingLog();
    // At the start the mail server's name did not resolve (the DNS was away); now it answers.
    const watch = watchUnreachableServices(
      env,
      [
        {
          text: "The mail server at SMTP_URL cannot be reached: EAI_AGAIN.",
          unreachable: true,
          service: "smtp",
        },
        {
          text: "PayPal at https://api.atelier.invalid cannot be reached.",
          unreachable: true,
          service: "paypal",
        },
      ],
      { log, intervalMs: 20 },
    );
    try {
      expect(watch.states()).toEqual([
        { service: "smtp", unreachable: true },
        { service: "paypal", unreachable: true },
      ]);
      await until(() => lines.some((line) => line.message === "The mail server (SMTP_URL) answers again"));
      expect(watch.states()).toEqual([
        { service: "smtp", unreachable: false },
        { service: "paypal", unreachable: true },
      ]);
      // PayPal's name still does not resolve: its new words are logged once, as a warning.
      await until(() => lines.some((line) => line.level === "warn"));
      const paypal = lines.filter((line) => line.level === "warn");
      expect(paypal[0]?.message).toBe(
        "PayPal still cannot be reached: payments by PayPal answer 503 (try again later) until it answers",
      );
      expect(JSON.stringify(paypal[0]?.details)).toContain("ENOTFOUND api.atelier.invalid");
    } finally {
      watch.stop();
    }
  });

  it("checks nothing again when the start reached every service", () => {
    const { lines, log } = recordingLog();
    const watch = watchUnreachableServices(loadEnv({ SMTP_URL: smtp.url }), [], { log, intervalMs: 20 });
    expect(watch.states()).toEqual([{ service: "smtp", unreachable: false }]);
    watch.stop();
    expect(lines).toEqual([]);
  });
});
