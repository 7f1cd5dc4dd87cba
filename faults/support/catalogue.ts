import { call } from "./api.ts";
import type { Session } from "./parents.ts";

/** Seats left in the session as the catalogue shows them to parents (the product page's `space`). */
export async function seatsLeft(base: string, session: Session): Promise<number> {
  const page = await call(base, "GET", `/api/v2/products/${session.pageId}/?locale=de`);
  if (page.status !== 200) throw new Error(`the product page answered ${page.status}`);
  const slots = (page.body as { schedule_slots: { id: number; space: number }[] }).schedule_slots;
  const slot = slots.find((candidate) => candidate.id === session.slotId);
  if (!slot) throw new Error(`the product page does not show session ${session.slotId}`);
  return slot.space;
}
