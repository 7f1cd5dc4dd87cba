import { sql } from "drizzle-orm";
import { orderItems, orders } from "../db/schema/index.ts";

/**
 * The one rule of which orders hold seats: paid orders, and orders awaiting payment while their
 * reservation runs (a reservation without a deadline holds until the order changes status). Only
 * active items count; a cart never holds a seat. The catalogue's seats left and the checkout's
 * reservation both count with this condition.
 */
export const holdsSeats = sql`(${orderItems.status} = 'active' and (${orders.status} = 'paid' or (${orders.status} = 'awaiting_payment' and (${orders.reservedUntil} is null or ${orders.reservedUntil} > now()))))`;
