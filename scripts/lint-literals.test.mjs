import { describe, expect, it } from "vitest";
import { literalViolations } from "./lint-literals.mjs";

describe("one source for the time zone, Intl locales and currency (npm run lint:literals)", () => {
  it("refuses a planted Europe/Berlin, de-DE and EUR outside their module, in server and web code", () => {
    const planted = {
      "server/src/mail/templates/reminder.ts":
        'export const when = new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin" });\n',
      "web/src/admin/prices.tsx": "export const money = { currency: 'EUR' };\n",
      "server/src/orders/order.repository.ts": "const day = sql`created_at at time zone 'Europe/Berlin'`;\n",
    };
    expect(literalViolations(planted).map(({ path, line, literal }) => ({ path, line, literal }))).toEqual([
      { path: "server/src/mail/templates/reminder.ts", line: 1, literal: "Europe/Berlin" },
      { path: "server/src/mail/templates/reminder.ts", line: 1, literal: "de-DE" },
      { path: "web/src/admin/prices.tsx", line: 1, literal: "EUR" },
      { path: "server/src/orders/order.repository.ts", line: 1, literal: "Europe/Berlin" },
    ]);
  });

  it("lets the home modules, comments, tests and stand-ins write them", () => {
    const allowed = {
      "contract/src/rules/dates.ts": 'export const SCHOOL_TIME_ZONE = "Europe/Berlin";\n',
      "contract/src/rules/locales.ts": 'export const INTL_LOCALES = { de: "de-DE", ru: "ru-RU" };\n',
      "contract/src/rules/constants.ts": 'export const CURRENCY = "EUR";\n',
      "web/src/features/locale/detect-locale.ts": "/** `de-DE` -> `de` */\nexport const x = 1;\n",
      "server/src/checkout/paypal-money.test.ts": 'expect(order.currency).toBe("EUR");\n',
      "server/src/test/paypal-stand-in.ts": 'const amount = { currency_code: "EUR" };\n',
      "e2e/tests/cart.spec.ts": 'const zone = "Europe/Berlin";\n',
    };
    expect(literalViolations(allowed)).toEqual([]);
  });

  it("does not mistake a longer word for the currency", () => {
    expect(literalViolations({ "server/src/a.ts": 'const x = "EURO"; const y = "EUR-1";\n' })).toEqual([]);
  });
});
