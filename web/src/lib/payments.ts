import { INTL_LOCALES, type Locale, type PaymentConfig } from "@atelier/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api-client.ts";

// Shared by checkout (paying an order) and contracts (autopay of a running subscription), which do not
// import each other.

/** GET /api/v2/payments/config/: which gateway pays (PayPal or the offline demo) and the JS SDK's address. */
export const paymentConfigOptions = () =>
  queryOptions({
    queryKey: ["payments", "config"],
    queryFn: ({ signal }) => api.get<PaymentConfig>("/api/v2/payments/config/", undefined, signal),
    // Set at the server's start; one answer per visit is enough.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** PayPal's `locale` for the buttons and its window: the shop's Intl locale with an underscore. */
export function paypalLocale(locale: Locale): "de_DE" | "ru_RU" {
  return INTL_LOCALES[locale].replace("-", "_") as "de_DE" | "ru_RU";
}
