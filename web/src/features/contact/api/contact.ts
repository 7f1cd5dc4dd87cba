import type { ContactCreated, ContactRequestKind } from "@atelier/contract";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v2/contact_us/{kind}/ (spec §7); rejects with an ApiError carrying the DRF error body. */
export function sendContactRequest(kind: ContactRequestKind, payload: Record<string, string>) {
  return api.post<ContactCreated>(`/api/v2/contact_us/${kind}/`, payload);
}
