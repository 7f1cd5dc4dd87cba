import type { Locale, MyVisitRequest, VisitRequestKind, VisitRequestReply } from "@atelier/contract";
import { queryOptions } from "@tanstack/react-query";
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

/** The signed-in parent's visit requests with the school's answer (D137), newest first. */
export const myVisitRequestsQueryOptions = (userKey: string, locale: Locale) =>
  queryOptions({
    queryKey: ["my-visit-requests", userKey, locale],
    queryFn: ({ signal }) => api.get<MyVisitRequest[]>("/api/v2/users/visit_requests/", undefined, signal),
  });
