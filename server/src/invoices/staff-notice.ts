import { offerName, type ScheduleType } from "@atelier/contract";
import type { DbOrTx } from "../db/index.ts";
import {
  enqueueStaffNotice,
  type RenderOptions,
  type StaffNoticeAcademy,
  type StaffNoticeData,
  type StaffNoticeEvent,
} from "../mail/index.ts";
import { findCartItems } from "../orders/index.ts";
import { lockOrderForDocuments, type OrderForDocuments } from "./invoices.repository.ts";
import type { OrderItemsOf } from "./order-documents.ts";

const DAY_PART_OF: Partial<Record<ScheduleType, StaffNoticeAcademy["dayPart"]>> = {
  "Academy (1st half)": "first_half",
  "Academy (2nd half)": "second_half",
  "Academy (full day)": "full_day",
};

/** An academy booking's weeks and day part, which the school plans its groups by (D294). */
function academyOf(item: { scheduleType: ScheduleType; weeks: { starts_on: string; ends_on: string }[] }) {
  const dayPart = DAY_PART_OF[item.scheduleType];
  if (!dayPart || item.weeks.length === 0) return null;
  return { dayPart, weeks: item.weeks.map((week) => ({ startsOn: week.starts_on, endsOn: week.ends_on })) };
}

/**
 * Tells the school of an order's event (D110): each child and offer of the order (or of `itemIds`), with
 * the order number and the parent's address, in German, in the caller's transaction.
 */
export async function enqueueOrderStaffNotice(
  tx: DbOrTx,
  input: {
    recipients: readonly string[];
    event: StaffNoticeEvent;
    orderId: number;
    itemIds?: readonly number[];
    options?: RenderOptions;
    /** How the order's items are read (by default `findCartItems`): a payment's documents share one read. */
    itemsOf?: OrderItemsOf;
    /** The order as this transaction already locked it for its documents; read and locked when not given. */
    order?: OrderForDocuments;
    /** A withdrawal's part that went onto a card the school had deactivated (D504). */
    blockedGiftCard?: StaffNoticeData["blockedGiftCard"];
  },
): Promise<void> {
  const order = input.order ?? (await lockOrderForDocuments(tx, input.orderId));
  if (!order) throw new Error(`order ${input.orderId} not found`);
  const items = (await (input.itemsOf ?? findCartItems)(tx, input.orderId, "de")).filter(
    (item) => !input.itemIds || input.itemIds.includes(item.id),
  );
  await enqueueStaffNotice(
    tx,
    input.recipients,
    {
      event: input.event,
      orderId: order.id,
      parentEmail: order.user?.email || order.billing?.email || null,
      items: items.map((item) => ({
        child: [item.visitorFirstName, item.visitorLastName].filter(Boolean).join(" ") || null,
        offer: offerName(item.pageName, item.optionName),
        academy: academyOf(item),
      })),
      blockedGiftCard: input.blockedGiftCard ?? null,
    },
    input.options,
  );
}
