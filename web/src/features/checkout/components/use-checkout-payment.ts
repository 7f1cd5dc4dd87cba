import { type Billing, BillingSchema, type Order } from "@atelier/contract";
import type { OnApproveActions, OnApproveData } from "@paypal/paypal-js";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { flushSync } from "react-dom";
import { useLocale } from "../../../i18n/use-locale.ts";
import { checkoutApi, type FulfillRequest } from "../api/checkout-api.ts";
import type { PaymentNotice } from "../cart-search.ts";
import {
  type BillingField,
  billingFieldErrors,
  type CheckoutProblem,
  checkoutProblem,
} from "../checkout-errors.ts";
import { rememberOpenPayment } from "../open-payment.ts";
import { paymentReturnUrls } from "../return-urls.ts";
import type { CheckoutForm } from "./checkout-billing.tsx";
import type { CheckoutPhase } from "./checkout-phase.ts";

// The checkout's moves apart from its screen (issue 33): placing the order, paying it with PayPal's buttons
// or leaving for a gateway, and cancelling it back into the cart.

export type CheckoutPaymentDeps = {
  cart: Order;
  cartKey: QueryKey;
  form: CheckoutForm;
  /** The order goes through PayPal's buttons on this page (else through Stripe's or the demo's page). */
  paypal: boolean;
  stripe: boolean;
  placed: Extract<CheckoutPhase, { kind: "placed" }> | null;
  setPhase: (phase: CheckoutPhase) => void;
  onPaid: (orderId: number) => void;
  onBackInCart: (notice: PaymentNotice, cart?: Order) => void;
  onRedirect: (url: string) => void;
};

/** The order click, PayPal's handlers and the cancel button, with the problem and the busy state they show. */
export function useCheckoutPayment(deps: CheckoutPaymentDeps) {
  const { cart, cartKey, form, paypal, stripe, placed, setPhase, onPaid, onBackInCart, onRedirect } = deps;
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);
  const [busy, setBusy] = useState<"capturing" | "cancelling" | null>(null);
  const [orderClicked, setOrderClicked] = useState(false);

  const fail = (error: unknown) => {
    console.error("checkout failed", error);
    const found = checkoutProblem(error);
    setProblem(found);
    const fields = billingFieldErrors(error);
    // The focus goes to the first field the server refused, not the last.
    Object.entries(fields).forEach(([field, code], index) => {
      form.setError(field as BillingField, { message: code }, { shouldFocus: index === 0 });
    });
    return found;
  };

  const submit = form.handleSubmit(async (values) => {
    const { terms: _terms, ...billingInput } = values;
    const billing: Billing = BillingSchema.parse(billingInput);
    const request: FulfillRequest = { cartId: cart.cart_id, billing };
    setProblem(null);
    setOrderClicked(true);
    setPhase({ kind: "ordering" });
    try {
      if (!paypal) {
        // Stripe's or the demo gateway's own page takes the payment, then sends the browser back to us.
        const gateway = stripe ? ("stripe" as const) : undefined;
        const reply = await checkoutApi.fulfill({
          ...request,
          ...(gateway ? { gateway } : {}),
          ...paymentReturnUrls(window.location.origin, locale, gateway),
        });
        if (reply.url) {
          setPhase({ kind: "leaving" });
          // Back from that page, the cart is empty: it offers this order instead (D589).
          rememberOpenPayment({ orderId: reply.order_id, gatewayId: reply.id, url: reply.url });
          onRedirect(reply.url);
        } else {
          onPaid(reply.order_id);
        }
        return;
      }
      const reply = await checkoutApi.fulfill(request);
      // Nothing due (fully discounted): paid at once, without PayPal (decision D50).
      if (reply.approve_url === null) {
        onPaid(reply.order_id);
        return;
      }
      setPhase({ kind: "placed", order: cart, reply, request });
      // The header's badge: the items now belong to the order, the server's cart is empty.
      void queryClient.invalidateQueries({ queryKey: cartKey });
    } catch (error) {
      // The fields are enabled again before the first refused one takes the focus: a disabled field cannot
      // (D543).
      flushSync(() => setPhase({ kind: "form" }));
      fail(error);
    }
  });

  const cancelOrder = async (gatewayId: string) => {
    setBusy("cancelling");
    setProblem(null);
    try {
      const back = await checkoutApi.cancelPayment(gatewayId);
      onBackInCart("cancelled", back);
    } catch (error) {
      const found = fail(error);
      if (found === "orderNotPayable") onBackInCart("expired");
    } finally {
      setBusy(null);
    }
  };

  const handlers = placed
    ? {
        // Fulfil again: the same cart answers the same PayPal order while it awaits payment (decision D50).
        createOrder: async () => {
          setProblem(null);
          const reply = await checkoutApi.fulfill(placed.request);
          return reply.id;
        },
        onApprove: async (data: OnApproveData, actions: OnApproveActions) => {
          setBusy("capturing");
          setProblem(null);
          try {
            const paid = await checkoutApi.capture(data.orderID, data);
            onPaid(paid.id);
          } catch (error) {
            const found = fail(error);
            // PayPal's advice: the buyer picks another funding source in the same window.
            if (found === "instrumentDeclined") return actions.restart();
            if (found === "paymentDeclined") onBackInCart("declined");
            if (found === "orderNotPayable") onBackInCart("expired");
            if (found === "refunded") onBackInCart("refunded");
          } finally {
            setBusy(null);
          }
        },
        onCancel: (data: Record<string, unknown>) => {
          const id = typeof data.orderID === "string" && data.orderID ? data.orderID : placed.reply.id;
          void cancelOrder(id);
        },
        onError: (error: Record<string, unknown>) => {
          console.error("PayPal reported an error", error);
        },
      }
    : {};

  return { problem, busy, orderClicked, submit, cancelOrder, handlers };
}
