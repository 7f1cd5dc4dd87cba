import type { IncomingMessage, ServerResponse } from "node:http";
import type { StripeStandIn } from "../stripe-stand-in.ts";
import type { Json } from "./store.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Stripe's hosted page as a browser test meets it: the lines and total, "Pay by card", "Pay by SEPA
 * Direct Debit" and a back link to `cancel_url`. Paying sends `checkout.session.completed` to the
 * webhook (when set) and then goes to `success_url` with `{CHECKOUT_SESSION_ID}` filled in, as Stripe does.
 */
export function serveHostedPage(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  raw: string,
  state: StripeStandIn,
): boolean {
  const page = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
  if (!page) return false;
  const session = state.sessions.get(decodeURIComponent(page[1] ?? ""));
  if (!session) {
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("Something went wrong");
    return true;
  }
  const request = session.request;
  if (req.method === "POST") {
    const method = new URLSearchParams(raw).get("method") === "sepa_debit" ? "sepa_debit" : "card";
    void (async () => {
      if (session.status === "open") {
        state.pay(session.id, method);
        await state
          .deliver(state.event("checkout.session.completed", state.sessionObject(session.id)))
          .catch(() => 0);
      }
      const target = String(request.success_url).replace("{CHECKOUT_SESSION_ID}", session.id);
      res.writeHead(303, { location: target });
      res.end();
    })();
    return true;
  }
  const lines = ((request.line_items as Json[] | undefined) ?? [])
    .map((item) => {
      if (item.price) {
        const price = state.prices.get(String(item.price));
        const monthly = (Number(price?.unit_amount) / 100).toFixed(2);
        return `<li>${escapeHtml(String(price?.nickname ?? item.price))}: ${monthly} € / month</li>`;
      }
      const data = item.price_data as Json;
      const name = String((data.product_data as Json).name);
      return `<li>${escapeHtml(name)}: ${(Number(data.unit_amount) / 100).toFixed(2)} €</li>`;
    })
    .join("");
  const total = (session.amount_total / 100).toFixed(2);
  const methods = (request.allowed_payment_method_types as string[] | undefined) ?? ["card", "sepa_debit"];
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(`<!doctype html><html lang="${escapeHtml(String(request.locale ?? "de"))}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Stripe Checkout (stand-in)</title></head>
<body><h1>Stripe Checkout (stand-in)</h1><ul>${lines}</ul><p data-testid="total">${total} €</p>
${session.status !== "open" ? "<p>This session is no longer open.</p>" : ""}
<form method="post"><input type="hidden" name="method" value="card"><button type="submit">Pay by card</button></form>
${methods.includes("sepa_debit") ? '<form method="post"><input type="hidden" name="method" value="sepa_debit"><button type="submit">Pay by SEPA Direct Debit</button></form>' : ""}
${request.cancel_url ? `<a href="${escapeHtml(String(request.cancel_url))}">Back</a>` : ""}
</body></html>`);
  return true;
}
