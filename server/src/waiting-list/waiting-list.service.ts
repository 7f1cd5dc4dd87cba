// Waiting lists (issue #9, D78–D79). Joining checks the booking exactly as the cart would and accepts
// only when the one thing wrong is that no seat is left. Offers are made by `offerFreedSeats` (the payment
// worker's loop) under the unit's row lock; a running offer holds its seat through seats.ts. Each use case
// is its own module (D355): the parent's entries, staff's side, the worker's round, and the mails.
import type { Locale, WaitingListJoin } from "@atelier/contract";
import { offerFreedSeats } from "./offer-round.ts";
import { accept, join, leave, listOf, offerOf } from "./parent-entries.ts";
import { staffWaitingList } from "./staff-waiting-list.ts";
import { type WaitingListDeps, waitingListContext } from "./waiting-list.deps.ts";

export type { StaffAudit, WaitingListDeps } from "./waiting-list.deps.ts";

export type WaitingListService = ReturnType<typeof createWaitingListService>;

export function createWaitingListService(deps: WaitingListDeps) {
  const ctx = waitingListContext(deps);
  return {
    staff: staffWaitingList(ctx),
    join: (userId: number, body: WaitingListJoin, locale: Locale) => join(ctx, userId, body, locale),
    list: (userId: number, locale: Locale) => listOf(ctx, userId, locale),
    leave: (userId: number, id: number) => leave(ctx, userId, id),
    offer: (userId: number, token: string, locale: Locale) => offerOf(ctx, userId, token, locale),
    accept: (userId: number, token: string, locale: Locale) => accept(ctx, userId, token, locale),
    offerFreedSeats: () => offerFreedSeats(ctx),
  };
}
