import "../i18n.ts";
import type { Checkin } from "@atelier/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { api } from "../../../lib/api-client.ts";
import { berlinDateTime, formatDate, formatTime, slotDay } from "../../../lib/format.ts";

const checkinKey = (code: string) => ["checkin", code] as const;

/**
 * `/QrCodeScanner?code=…`, the page a booking's QR code opens (D57). Staff see whose booking it is and check
 * the child in for today's lesson (D108); anyone else (a parent scanning their own code) is told what the
 * code is for.
 */
export function CheckinPage({ code }: { code: string }) {
  const { t } = useTranslation("checkin");
  const locale = useLocale();
  const client = useQueryClient();
  const booking = useQuery({
    queryKey: checkinKey(code),
    queryFn: ({ signal }) =>
      api.get<Checkin>(`/api/v2/checkin/${encodeURIComponent(code)}/`, undefined, signal),
    retry: false,
  });
  const checkIn = useMutation({
    mutationFn: () => api.post<Checkin>(`/api/v2/checkin/${encodeURIComponent(code)}/`, {}),
    onSuccess: (updated) => client.setQueryData(checkinKey(code), updated),
  });
  const status = (booking.error as { status?: number } | null)?.status;

  return (
    <Container className="py-12">
      <h1 className="text-3xl font-extrabold text-slate-900">{t("title")}</h1>
      <div className="mt-6 max-w-xl" aria-live="polite">
        {booking.isPending ? <p>{t("loading")}</p> : null}
        {status === 401 || status === 403 ? <p data-testid="checkin-guest">{t("forParents")}</p> : null}
        {status === 404 ? <p role="alert">{t("unknown")}</p> : null}
        {booking.data ? (
          <section data-testid="checkin-booking" className="space-y-2">
            <p className={`font-bold ${booking.data.valid ? "text-green-800" : "text-red-700"}`}>
              {booking.data.valid
                ? t("valid")
                : t(
                    `door.outcome.${booking.data.status as "not_today" | "contract_ended" | "lesson_cancelled" | "cancelled" | "unpaid"}`,
                  )}
            </p>
            <p className="text-xl font-semibold">{booking.data.visitor_name ?? t("noChild")}</p>
            <p>
              {booking.data.product_page.name} · {booking.data.purchase_option_name}
            </p>
            <ul>
              {booking.data.schedule_slot_details.map((slot) => (
                <li key={slot.id}>
                  {slotDay(slot, locale)} {formatTime(slot.start)}–{formatTime(slot.end)}
                </li>
              ))}
              {booking.data.academy_week_details.map((week) => (
                <li key={week.id}>
                  {formatDate(week.starts_on, locale)}–{formatDate(week.ends_on, locale)}
                </li>
              ))}
            </ul>
            {booking.data.checked_in_at ? (
              <p data-testid="checkin-done">
                {t("checkedInAt", {
                  time: berlinDateTime(booking.data.checked_in_at, locale),
                })}
              </p>
            ) : booking.data.status === "ready" ? (
              <button
                type="button"
                className={buttonStyles.primary}
                disabled={checkIn.isPending}
                onClick={() => checkIn.mutate()}
              >
                {t("checkIn")}
              </button>
            ) : null}
            {checkIn.isError ? <p role="alert">{t("failed")}</p> : null}
          </section>
        ) : null}
      </div>
    </Container>
  );
}
