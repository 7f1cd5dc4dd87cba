import type { AdminMoveInput } from "@atelier/contract";
import { lockUnits } from "../checkout/index.ts";
import type { Db } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { checkBooking, findMovedUnit, findPageName, lockItemForMove, moveItemUnit } from "../orders/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { recordAudit } from "./audit.repository.ts";

/**
 * Moving a child to another slot or academy week (D161). Under the order's lock and both units' locks (the
 * lock checkout takes for seats), the new unit is checked with the cart's own rules (offer, kind, not over,
 * age, seats, not booked twice), the item's unit is replaced, the parent mailed in the order's language and
 * the move audited, in one transaction. The old seat is free at commit: the waiting list's worker offers it,
 * as after a cancellation.
 */
export function createOrderMove(db: Db, publicUrl: string) {
  return async function move(staff: AuthUser, orderId: number, input: AdminMoveInput): Promise<void> {
    const slotsFirst = input.kind === "slot";
    await db.transaction(async (tx) => {
      const found = await lockItemForMove(tx, orderId, input.item);
      if (!found) throw AppError.notFound();
      const { order, item } = found;
      if (!item) throw AppError.validation("item", "invalid_choice");
      if (order.status !== "paid" || item.status !== "active" || item.visitorId === null)
        throw AppError.validation("item", "move_item_not_active");
      const held = slotsFirst ? item.slotIds : item.weekIds;
      // A repeat of a move that went through answers as it is: nothing written, mailed or audited twice.
      if (!held.includes(input.from) && held.includes(input.to)) return;
      if (!held.includes(input.from)) throw AppError.validation("from", "move_not_booked");
      if (input.from === input.to) throw AppError.validation("to", "move_same_unit");
      await lockUnits(tx, slotsFirst ? [input.from, input.to] : [], slotsFirst ? [] : [input.from, input.to]);
      const kept = held.filter((id) => id !== input.from);
      const units = [...kept, input.to];
      try {
        await checkBooking(
          tx,
          { userId: order.userId },
          {
            product: null,
            product_page: item.productPageId,
            purchase_option: item.purchaseOptionId,
            visitor: item.visitorId,
            schedule_slots: slotsFirst ? units : [],
            academy_weeks: slotsFirst ? [] : units,
            academy_number_of_weeks: null,
            comment: "",
          },
          [],
          null,
          { slotIds: slotsFirst ? kept : [], weekIds: slotsFirst ? [] : kept },
        );
      } catch (error) {
        // The cart names its own fields (schedule_slots, academy_weeks, visitor): here the choice is `to`.
        if (error instanceof AppError && error.status === 400)
          throw new AppError(error.code, 400, "to", undefined, error.params);
        throw error;
      }
      await moveItemUnit(tx, item.id, input.kind, input.from, input.to);
      const [from, to] = await Promise.all([
        findMovedUnit(tx, input.kind, input.from),
        findMovedUnit(tx, input.kind, input.to),
      ]);
      if (!from || !to) throw AppError.validation("to", "invalid_choice");
      const childName = [item.childFirstName, item.childLastName].filter(Boolean).join(" ");
      if (order.parentEmail)
        await enqueueMail(
          tx,
          {
            to: order.parentEmail,
            template: "booking-moved",
            locale: order.locale,
            data: {
              firstName: order.parentFirstName,
              orderId: order.id,
              productName: await findPageName(tx, item.productPageId, order.locale),
              childName,
              from,
              to,
            },
          },
          { publicUrl },
        );
      await recordAudit(tx, {
        userId: staff.id,
        userEmail: staff.email,
        resource: "order_items",
        recordId: item.id,
        action: "update",
        before: { order: order.id, [input.kind]: input.from },
        after: { order: order.id, [input.kind]: input.to },
      });
    });
  };
}
