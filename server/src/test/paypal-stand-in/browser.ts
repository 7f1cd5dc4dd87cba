import type { IncomingMessage, ServerResponse } from "node:http";
import type { PayPalStandIn } from "../paypal-stand-in.ts";
import { sdkStub } from "./sdk-stub.ts";

// ---------- The browser's side: a stub of the JS SDK v5 buttons (for the web's e2e tests) ----------

/**
 * `GET /sdk/js` (the JS SDK the web loads from `PAYPAL_SDK_URL`) and `POST /stand-in/approve/{id}` (the buyer
 * approving in PayPal's window, called by the stub's pay button across origins). Answers true when it served.
 */
export function serveBrowserStandIn(
  req: IncomingMessage,
  res: ServerResponse,
  state: PayPalStandIn,
): boolean {
  const url = new URL(req.url ?? "/", "http://stand-in");
  const cors = {
    "access-control-allow-origin": "*",
    "access-control-allow-methods": "POST, OPTIONS",
    "access-control-allow-headers": "content-type",
  };
  if (req.method === "GET" && url.pathname === "/sdk/js") {
    req.resume();
    // PayPal refuses a script request without a client id (400), so does the stand-in.
    if (!url.searchParams.get("client-id")) {
      res.writeHead(400, { "content-type": "text/plain" });
      res.end("client-id is required");
      return true;
    }
    res.writeHead(200, {
      "content-type": "application/javascript; charset=utf-8",
      "cache-control": "no-store",
    });
    res.end(sdkStub(state.url));
    return true;
  }
  // What PayPal's dashboard would show a person: the order, its capture and its refunds (browser tests, D164).
  const shown = /^\/stand-in\/orders\/([^/]+)$/.exec(url.pathname);
  if (shown && req.method === "GET") {
    req.resume();
    const order = state.orders.get(decodeURIComponent(shown[1] ?? ""));
    res.writeHead(order ? 200 : 404, { "content-type": "application/json" });
    res.end(
      JSON.stringify(
        order
          ? {
              id: order.id,
              status: order.status,
              refunded_cents: order.refundedCents,
              refunds: order.refunds,
            }
          : { name: "RESOURCE_NOT_FOUND" },
      ),
    );
    return true;
  }
  // The buyer disputes a captured order at PayPal: the resource of its `CUSTOMER.DISPUTE.*` event as PayPal
  // would post it (`?status=`, and once RESOLVED `&outcome=`), for a browser test to sign and post (D661).
  const disputed = /^\/stand-in\/disputes\/([^/]+)$/.exec(url.pathname);
  if (disputed && req.method === "POST") {
    req.resume();
    const orderId = decodeURIComponent(disputed[1] ?? "");
    const status = url.searchParams.get("status") ?? "OPEN";
    const outcome = url.searchParams.get("outcome") ?? undefined;
    const known = state.orders.get(orderId)?.captureId;
    res.writeHead(known ? 200 : 404, { "content-type": "application/json" });
    res.end(
      JSON.stringify(
        known
          ? state.disputeResource(
              orderId,
              status as Parameters<PayPalStandIn["disputeResource"]>[1],
              outcome as Parameters<PayPalStandIn["disputeResource"]>[2],
            )
          : { name: "RESOURCE_NOT_FOUND" },
      ),
    );
    return true;
  }
  // PayPal refusing refunds of one order's capture for now (a balance too low), and taking them again (D565).
  const refusing = /^\/stand-in\/refuse-refunds\/([^/]+)$/.exec(url.pathname);
  if (refusing && (req.method === "POST" || req.method === "DELETE")) {
    req.resume();
    const id = decodeURIComponent(refusing[1] ?? "");
    const known = state.orders.has(id);
    if (known) state.refuseRefunds(id, req.method === "POST");
    res.writeHead(known ? 204 : 404);
    res.end();
    return true;
  }
  // PayPal taking refunds of one order's capture as pending (paid from the school's bank, D570), or not.
  const pending = /^\/stand-in\/pending-refunds\/([^/]+)$/.exec(url.pathname);
  if (pending && (req.method === "POST" || req.method === "DELETE")) {
    req.resume();
    const id = decodeURIComponent(pending[1] ?? "");
    const known = state.orders.has(id);
    if (known) state.answerRefundsWith(id, req.method === "POST" ? "PENDING" : null);
    res.writeHead(known ? 204 : 404);
    res.end();
    return true;
  }
  const approve = /^\/stand-in\/approve\/([^/]+)$/.exec(url.pathname);
  if (approve && (req.method === "POST" || req.method === "OPTIONS")) {
    req.resume();
    if (req.method === "OPTIONS") {
      res.writeHead(204, cors);
      res.end();
      return true;
    }
    const id = decodeURIComponent(approve[1] ?? "");
    const order = state.orders.get(id);
    if (order) state.approve(id);
    // A subscription the buyer approves becomes active (PayPal then sends BILLING.SUBSCRIPTION.ACTIVATED).
    const subscription = state.subscriptions.get(id);
    if (subscription?.status === "APPROVAL_PENDING") subscription.status = "ACTIVE";
    const found = order ?? subscription;
    res.writeHead(found ? 200 : 404, { ...cors, "content-type": "application/json" });
    res.end(JSON.stringify(found ? { id, status: found.status } : { name: "RESOURCE_NOT_FOUND" }));
    return true;
  }
  return false;
}
