import type { IncomingMessage, ServerResponse } from "node:http";
import type { StripeStandIn } from "../stripe-stand-in.ts";

/**
 * What a browser test does at "the bank" and at Stripe's end, since the stand-in runs in a process of its
 * own there (not Stripe's API): `POST /_stand-in/sessions/<id>/settle?succeeded=true|false` settles a SEPA
 * debit and sends `checkout.session.async_payment_succeeded`/`_failed`; `POST /_stand-in/renew?custom_id=`
 * charges the next month of the subscription made for our order item and sends `invoice.paid`;
 * `GET /_stand-in/subscriptions?custom_id=` answers that subscription. Each answers the webhook's status.
 */
export function serveTestControls(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  state: StripeStandIn,
): boolean {
  if (!url.pathname.startsWith("/_stand-in/")) return false;
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const bySubscriber = () =>
    [...state.subscriptions.values()]
      .filter((sub) => sub.metadata.custom_id === url.searchParams.get("custom_id"))
      .at(-1);
  void (async () => {
    const settle = /^\/_stand-in\/sessions\/([^/]+)\/settle$/.exec(url.pathname);
    if (settle && req.method === "POST") {
      const id = decodeURIComponent(settle[1] ?? "");
      if (!state.sessions.has(id)) return send(404, { error: "no such session" });
      const succeeded = url.searchParams.get("succeeded") !== "false";
      state.settle(id, succeeded);
      const type = succeeded
        ? "checkout.session.async_payment_succeeded"
        : "checkout.session.async_payment_failed";
      return send(200, { webhook: await state.deliver(state.event(type, state.sessionObject(id))) });
    }
    const sub = bySubscriber();
    if (!sub) return send(404, { error: "no such subscription" });
    if (url.pathname === "/_stand-in/renew" && req.method === "POST") {
      const invoice = state.renew(sub.id);
      return send(200, { invoice, webhook: await state.deliver(state.event("invoice.paid", invoice)) });
    }
    if (url.pathname === "/_stand-in/subscriptions") return send(200, state.subscriptionObject(sub.id));
    return send(404, { error: "unknown control" });
  })();
  return true;
}
