import type { Checkin } from "@atelier/contract";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../i18n/use-locale.ts";
import { berlinTime, formatDate, formatTime, slotDay } from "../../../lib/format.ts";
import type { DoorResult } from "../door-result.ts";

const COLOURS = {
  green: "border-green-700 bg-green-100 text-green-950",
  amber: "border-amber-600 bg-amber-100 text-amber-950",
  red: "border-red-700 bg-red-100 text-red-950",
} as const;

const COLOUR_OF: Record<DoorResult["outcome"], keyof typeof COLOURS> = {
  checked_in: "green",
  already_checked_in: "amber",
  not_today: "red",
  contract_ended: "red",
  lesson_cancelled: "red",
  cancelled: "red",
  unpaid: "red",
  unknown: "red",
  not_staff: "red",
  failed: "red",
};

/** The booking's times: today's lesson's slot when there is one, else every booked time. */
function Times({ booking }: { booking: Checkin }) {
  const { t } = useTranslation("checkin");
  const locale = useLocale();
  if (booking.lesson) {
    const slot = booking.lesson.slot;
    return (
      <p data-testid="door-slot">
        {slot
          ? `${slotDay(slot, locale)} ${formatTime(slot.start)}–${formatTime(slot.end)}`
          : `${formatDate(booking.lesson.date, locale)} · ${t("door.allDay")}`}
      </p>
    );
  }
  return (
    <ul data-testid="door-slot">
      {booking.schedule_slot_details.map((slot) => (
        <li key={slot.id}>
          {slotDay(slot, locale)} {formatTime(slot.start)}–{formatTime(slot.end)}
        </li>
      ))}
      {booking.academy_week_details.map((week) => (
        <li key={week.id}>
          {formatDate(week.starts_on, locale)}–{formatDate(week.ends_on, locale)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The door's answer, large enough to read at arm's length and coloured (green in, amber already in, red
 * not), with the child, the offer and the slot, so staff see at once whether it is the right child.
 */
export function DoorResultPanel({ result }: { result: DoorResult }) {
  const { t } = useTranslation("checkin");
  const locale = useLocale();
  const { outcome, booking } = result;
  const colour = COLOUR_OF[outcome];
  const time = booking?.checked_in_at ? berlinTime(booking.checked_in_at, locale) : null;
  return (
    <section
      role="status"
      data-testid="door-result"
      data-outcome={outcome}
      data-colour={colour}
      className={`mt-6 rounded-2xl border-4 p-6 ${COLOURS[colour]}`}
    >
      <p className="text-3xl font-extrabold">{t(`door.outcome.${outcome}`, { time: time ?? "" })}</p>
      {booking ? (
        <div className="mt-3 space-y-1 text-xl">
          <p className="text-2xl font-bold" data-testid="door-child">
            {booking.visitor_name ?? t("noChild")}
          </p>
          <p>
            {booking.product_page.name} · {booking.purchase_option_name}
          </p>
          <Times booking={booking} />
        </div>
      ) : null}
    </section>
  );
}
