import type { FulfillReply, Order } from "@atelier/contract";
import type { FulfillRequest } from "../api/checkout-api.ts";

/** Where the checkout stands: filling in, placing the order, paying it (PayPal), or leaving for a gateway. */
export type CheckoutPhase =
  | { kind: "form" }
  | { kind: "ordering" }
  | { kind: "placed"; order: Order; reply: FulfillReply; request: FulfillRequest }
  | { kind: "leaving" };
