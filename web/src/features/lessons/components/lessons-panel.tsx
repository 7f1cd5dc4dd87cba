import "../i18n.ts";
import type { AbsenceReply, LessonBookingView } from "@atelier/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api-client.ts";
import { AbsenceForm } from "./absence-form.tsx";
import { CreditsList, creditsKey } from "./credits-list.tsx";

/**
 * The profile's lessons (issue 35): each booking's coming dates to mark "won't come" under the page's
 * rules, and the family's makeup credits with their expiry and a makeup to book.
 */
export function LessonsPanel({ userKey }: { userKey: string }) {
  const { t } = useTranslation("lessons");
  const client = useQueryClient();
  const key = ["lesson-bookings", userKey];
  const bookings = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<LessonBookingView[]>("/api/v2/lessons/", undefined, signal),
  });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: key });
    void client.invalidateQueries({ queryKey: creditsKey(userKey) });
  };
  if (bookings.data?.length === 0) return null;
  return (
    <section className="mb-8 space-y-6" data-testid="lessons-panel">
      <h2 className="text-2xl font-bold text-slate-900">{t("title")}</h2>
      {bookings.isError ? <p role="alert">{t("failed")}</p> : null}
      {bookings.data?.map((booking) => (
        <article key={booking.order_item} className="space-y-2 rounded-lg border border-slate-200 p-4">
          <h3 className="text-lg font-semibold">
            {booking.visitor_name} · {booking.product_name}
          </h3>
          <AbsenceForm
            booking={booking}
            send={(dates) =>
              api.post<AbsenceReply>("/api/v2/lessons/absences/", { order_item: booking.order_item, dates })
            }
            onDone={refresh}
          />
        </article>
      ))}
      <CreditsList userKey={userKey} onBooked={refresh} />
    </section>
  );
}
