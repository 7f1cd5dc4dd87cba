import "../i18n.ts";
import type { AbsenceReply, LessonBookingView } from "@atelier/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Container } from "../../../components/ui/container.tsx";
import { api } from "../../../lib/api-client.ts";
import { errorCodes, useErrorText } from "../../../lib/error-codes.ts";
import { AbsenceForm } from "./absence-form.tsx";

/**
 * `/absence/<token>`, the reminder mail's link (D371): the booking's coming lessons without signing in, and
 * "won't come" for the dates the parent ticks.
 */
export function AbsencePage({ token }: { token: string }) {
  const { t } = useTranslation("lessons");
  const errorText = useErrorText();
  const client = useQueryClient();
  const key = ["absence-link", token];
  const booking = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.get<LessonBookingView>(
        `/api/v2/lessons/absence-links/${encodeURIComponent(token)}/`,
        undefined,
        signal,
      ),
    retry: false,
  });
  const refusal = booking.error ? errorText(errorCodes(booking.error)[0]) : undefined;
  return (
    <Container className="py-8">
      <h1 className="text-3xl font-extrabold text-slate-900">{t("absenceTitle")}</h1>
      {booking.isPending ? <p className="mt-4">{t("loading")}</p> : null}
      {booking.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {refusal ?? t("failed")}
        </p>
      ) : null}
      {booking.data ? (
        <div className="mt-4 space-y-3">
          <p className="text-lg font-semibold">
            {booking.data.visitor_name} · {booking.data.product_name}
          </p>
          <AbsenceForm
            booking={booking.data}
            send={(dates) =>
              api.post<AbsenceReply>(`/api/v2/lessons/absence-links/${encodeURIComponent(token)}/`, { dates })
            }
            onDone={() => void client.invalidateQueries({ queryKey: key })}
          />
        </div>
      ) : null}
    </Container>
  );
}
