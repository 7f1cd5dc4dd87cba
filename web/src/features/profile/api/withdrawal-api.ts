import type { Locale, Withdrawal } from "@atelier/contract";
import { queryOptions } from "@tanstack/react-query";
import { api, apiDownload } from "../../../lib/api-client.ts";

/** `GET /api/v2/orders/items/{id}/withdrawal/`: can it be withdrawn, until when, what comes back (D75). */
export const withdrawalQueryOptions = (itemId: number, locale: Locale) =>
  queryOptions({
    queryKey: ["withdrawal", itemId, locale],
    queryFn: ({ signal }) =>
      api.get<Withdrawal>(`/api/v2/orders/items/${itemId}/withdrawal/`, undefined, signal),
    // The amount changes with every lesson held: always ask afresh when the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });

/** `POST …/withdraw/`: recorded once on the server, so a retry is harmless. */
export const withdraw = (itemId: number) => api.post<Withdrawal>(`/api/v2/orders/items/${itemId}/withdraw/`);

export const downloadInvoice = (orderId: number) =>
  apiDownload(`/api/v2/orders/${orderId}/invoice.pdf`, `invoice-${orderId}.pdf`);

/** A credit note or a contract's month's invoice (D556), by its number. */
export const downloadDocument = (number: string) =>
  apiDownload(`/api/v2/invoices/${encodeURIComponent(number)}/pdf/`, `${number}.pdf`);

export const downloadCalendar = (visitorId: number) =>
  apiDownload(`/api/v2/visitors/${visitorId}/calendar.ics`, `calendar-${visitorId}.ics`);
