import type { Checkin, Locale } from "@atelier/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/index.ts";
import { orderItems, orders } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { findCartItems } from "../orders/index.ts";

/**
 * Staff check-in (D57): the QR code in the confirmation mail names one paid booking by its check-in code.
 * Staff see whose booking it is and check the child in once; a second scan shows when that happened.
 */
export function createCheckinService(db: Db) {
  async function find(code: string) {
    const [row] = await db
      .select({
        itemId: orderItems.id,
        orderId: orderItems.orderId,
        itemStatus: orderItems.status,
        checkedInAt: orderItems.checkedInAt,
        orderStatus: orders.status,
        locale: orders.locale,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orderItems.checkinCode, code));
    if (!row) throw AppError.notFound();
    return row;
  }

  async function view(code: string, locale: Locale): Promise<Checkin> {
    const row = await find(code);
    const [item] = await findCartItems(db, row.orderId, locale, row.itemId);
    if (!item) throw AppError.notFound();
    const visitor = [item.visitorFirstName, item.visitorLastName].filter(Boolean).join(" ");
    return {
      code,
      valid: row.orderStatus === "paid" && row.itemStatus !== "cancelled",
      visitor_name: visitor || null,
      product_page: { id: item.productPageId, name: item.pageName, product_type: item.productType },
      purchase_option_name: item.optionName,
      schedule_slot_details: item.slots,
      academy_week_details: item.weeks,
      order: row.orderId,
      checked_in_at: row.checkedInAt?.toISOString() ?? null,
    };
  }

  return {
    view,
    /** Checks the child in; a valid booking only, and only the first scan writes the time. */
    async checkIn(code: string, locale: Locale): Promise<Checkin> {
      const booking = await view(code, locale);
      if (!booking.valid) throw AppError.validation("non_field_errors", "checkin_not_valid");
      await db
        .update(orderItems)
        .set({ checkedInAt: sql`now()` })
        .where(and(eq(orderItems.checkinCode, code), isNull(orderItems.checkedInAt)));
      return view(code, locale);
    },
  };
}

export type CheckinService = ReturnType<typeof createCheckinService>;
