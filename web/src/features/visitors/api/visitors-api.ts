import type { Visitor, VisitorInput } from "@atelier/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { browserStorage } from "../../../lib/storage.ts";
import { addGuestVisitor, readGuestVisitors, updateGuestVisitor } from "../guest-visitors.ts";

export const visitorsApi = {
  list: (signal?: AbortSignal) => api.get<Visitor[]>("/api/v2/visitors/", undefined, signal),
  create: (input: VisitorInput) => api.post<Visitor>("/api/v2/visitors/", input),
  update: (id: number, input: VisitorInput) => api.patch<Visitor>(`/api/v2/visitors/${id}/`, input),
};

/**
 * The children of the signed-in user (`userKey` = the user's pk) from the server, or of a guest
 * (`userKey` null) from local storage: one query shape for both, so components need not care.
 */
export const visitorsQueryOptions = (userKey: string | null) =>
  queryOptions({
    queryKey: ["visitors", userKey ?? "guest"],
    queryFn: ({ signal }): Promise<Visitor[]> =>
      userKey ? visitorsApi.list(signal) : Promise.resolve(readGuestVisitors(browserStorage())),
    // A guest's children live in the browser: the server renderer reads none, and its empty list must not
    // reach the browser as data (the page would show no saved child for a minute).
    ...(userKey ? {} : { meta: { browserOnly: true } }),
  });

/** Saves a new (`id` undefined) or changed child on the server or, for a guest, in local storage. */
export async function saveVisitor(
  signedIn: boolean,
  id: number | undefined,
  input: VisitorInput,
): Promise<Visitor> {
  if (signedIn) return id === undefined ? visitorsApi.create(input) : visitorsApi.update(id, input);
  const storage = browserStorage();
  return id === undefined ? addGuestVisitor(storage, input) : updateGuestVisitor(storage, id, input);
}
