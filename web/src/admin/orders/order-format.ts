import { type AdminOrder, euroText, INTL_LOCALES, SCHOOL_TIME_ZONE } from "@atelier/contract";
import { currentAdminLocale } from "../i18n/i18n-provider.ts";

/** An order's money and moments as staff read them: euros in their language, Berlin time (issue 21). */
export const euro = (cents: number) => euroText(cents, currentAdminLocale());

/** "07.12.2026, 10:36" in both languages, as every other screen of the back office writes a moment (D287). */
export const when = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat(INTL_LOCALES[currentAdminLocale()], {
        day: "2-digit",
        month: "2-digit",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        timeZone: SCHOOL_TIME_ZONE,
      }).format(new Date(iso))
    : "–";
export type Item = AdminOrder["items"][number];

/**
 * A line's status as the order page shows it, and the money it names (null: nothing). An unpaid order that
 * ended (cancelled, expired, declined) has nothing due, and its lines are over, though their own status
 * stays "active": they never began (D614).
 */
export function lineShown(
  order: Pick<AdminOrder, "payment_state" | "status">,
  item: Pick<Item, "status" | "paid_cents">,
): { status: Item["status"]; cents: number | null } {
  const ended =
    order.payment_state === "unpaid" && ["cancelled", "expired", "declined"].includes(order.status);
  return ended ? { status: "cancelled", cents: null } : { status: item.status, cents: item.paid_cents };
}
