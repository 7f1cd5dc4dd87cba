import type { VisitRequestKind, VisitRequestReply } from "@atelier/contract";
import { api } from "../../../lib/api-client.ts";

const PATHS: Record<VisitRequestKind, string> = {
  trial: "/api/v2/orders/visit_request/",
  out: "/api/v2/orders/visit_request/out/",
  waiting: "/api/v2/orders/visit_request/waiting/",
};

/** POST a visit request (D71); rejects with an ApiError carrying the DRF error body. */
export function sendVisitRequest(kind: VisitRequestKind, payload: unknown) {
  return api.post<VisitRequestReply>(PATHS[kind], payload);
}
