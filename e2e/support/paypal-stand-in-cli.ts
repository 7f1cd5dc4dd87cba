// The PayPal stand-in (REST API and a stub of the JS SDK buttons) for the browser tests, on 127.0.0.1:
// started by playwright.config.ts as a web server. Run with tsx: `tsx support/paypal-stand-in-cli.ts`.
import { startPayPalStandIn } from "../../server/src/test/paypal-stand-in.ts";

const port = Number(process.env.E2E_PAYPAL_PORT ?? 3198);
const standIn = await startPayPalStandIn({ port });
console.log(`PayPal stand-in on ${standIn.url} (SDK stub at ${standIn.url}/sdk/js)`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void standIn.close().finally(() => process.exit(0));
  });
}
