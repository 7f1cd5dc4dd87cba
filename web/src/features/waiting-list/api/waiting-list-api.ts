import type { WaitingListEntry, WaitingListJoinInput, WaitingOfferAccepted } from "@atelier/contract";
import { api } from "../../../lib/api-client.ts";

/** The waiting-list calls (D78); all need a signed-in parent. */
export const waitingListApi = {
  list: () => api.get<WaitingListEntry[]>("/api/v2/orders/waiting_list/"),
  join: (input: WaitingListJoinInput) => api.post<WaitingListEntry>("/api/v2/orders/waiting_list/", input),
  leave: (id: number) => api.delete<void>(`/api/v2/orders/waiting_list/${id}/`),
  offer: (token: string) =>
    api.get<WaitingListEntry>(`/api/v2/orders/waiting_list/offer/${encodeURIComponent(token)}/`),
  accept: (token: string) =>
    api.post<WaitingOfferAccepted>(`/api/v2/orders/waiting_list/offer/${encodeURIComponent(token)}/accept/`),
};

export const offerQueryKey = (userKey: string | null, token: string) => ["waiting-offer", userKey, token];
