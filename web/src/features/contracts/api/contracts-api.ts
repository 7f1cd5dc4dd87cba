import type {
  CancellableContract,
  ContractCancelInput,
  ContractCancelReply,
  ItemCancelReply,
  MakeRecurringReply,
} from "@atelier/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** The signed-in parent's running subscriptions, to pick on the cancellation page. */
export const cancellableQueryOptions = (userKey: string) =>
  queryOptions({
    queryKey: ["contracts", "cancellable", userKey],
    queryFn: ({ signal }) =>
      api.get<CancellableContract[]>("/api/v2/contracts/cancellable/", undefined, signal),
  });

/** § 312k: a cancellation declared on the page, signed in or not (D73). */
export const declareCancellation = (body: ContractCancelInput) =>
  api.post<ContractCancelReply>("/api/v2/contracts/cancel/", body);

/** The profile's "cancel" (spec §7): ends the subscription with the paid month. */
export const cancelItem = (itemId: number) =>
  api.patch<ItemCancelReply>(`/api/v2/orders/items/${itemId}/cancel/`, {});

/** PayPal's buttons approve the id; with `stripe` the reply's `url` is Stripe's Checkout page (D115). */
export const makeRecurring = (itemId: number, gateway: "paypal" | "stripe" = "paypal") =>
  api.post<MakeRecurringReply>(
    `/api/v2/orders/subscriptions/${itemId}/make_recurring/`,
    {},
    gateway === "stripe" ? { payment_gateway: "stripe" } : undefined,
  );
