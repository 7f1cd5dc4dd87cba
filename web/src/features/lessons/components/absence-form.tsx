import "../i18n.ts";
import { type AbsenceReply, LESSON_HORIZON_DAYS, type LessonBookingView } from "@atelier/contract";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { useLocale } from "../../../i18n/use-locale.ts";
import { errorCodesByField, useErrorText } from "../../../lib/error-codes.ts";
import { formatDate } from "../../../lib/format.ts";
import { LessonRulesText } from "./lesson-rules.tsx";

/**
 * One booking's coming lessons with a box each: the parent ticks the dates the child won't come to and
 * sends them (D366). Dates past the cut-off, cancelled or closed show why they cannot be ticked.
 */
export function AbsenceForm({
  booking,
  send,
  onDone,
}: {
  booking: LessonBookingView;
  send: (dates: string[]) => Promise<AbsenceReply>;
  onDone?: () => void;
}) {
  const { t } = useTranslation("lessons");
  const locale = useLocale();
  const errorText = useErrorText();
  const [picked, setPicked] = useState<string[]>([]);
  const report = useMutation({
    mutationFn: () => send(picked),
    onSuccess: () => {
      setPicked([]);
      onDone?.();
    },
  });
  // Sent, the button is disabled (nothing ticked): the focus goes to the answer instead of the page (D627).
  const answerRef = useRef<HTMLParagraphElement>(null);
  const refusalRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (report.isSuccess) answerRef.current?.focus();
    // Refused, the button was disabled while it sent: the focus goes to the refusal.
    else if (report.isError) refusalRef.current?.focus();
  }, [report.isSuccess, report.isError]);
  const codes = report.error ? errorCodesByField(report.error) : {};
  const refusal = report.error
    ? (errorText(codes.dates?.[0] ?? codes.non_field_errors?.[0]) ?? t("failed"))
    : null;
  const credits = report.data?.credits ?? [];
  const lastExpiry = credits
    .map((credit) => credit.expires_on)
    .sort()
    .at(-1);

  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (picked.length > 0) report.mutate();
      }}
    >
      <LessonRulesText rules={booking.rules} />
      {booking.lessons.length === 0 ? (
        // Lessons are listed this far ahead only: a workshop in April is not "no lesson".
        <p>{t("none", { weeks: LESSON_HORIZON_DAYS / 7 })}</p>
      ) : (
        <p>{t("pick", { child: booking.visitor_name })}</p>
      )}
      <ul className="space-y-2">
        {booking.lessons.map((lesson) => {
          const id = `absence-${booking.order_item}-${lesson.date}`;
          const note =
            lesson.status !== "coming"
              ? t(`status.${lesson.status}`)
              : lesson.can_report
                ? null
                : t("tooLate");
          return (
            <li key={lesson.date} className="flex min-h-11 items-center gap-3">
              <input
                id={id}
                type="checkbox"
                className="size-5"
                disabled={!lesson.can_report}
                checked={picked.includes(lesson.date)}
                onChange={(event) =>
                  setPicked((now) =>
                    event.target.checked ? [...now, lesson.date] : now.filter((date) => date !== lesson.date),
                  )
                }
              />
              <label htmlFor={id} className="flex-1">
                {formatDate(lesson.date, locale)}, {lesson.start}–{lesson.end}
                {/* A real space: a screen reader ran "17:00(Schule geschlossen)" together. */}
                {note ? <span className="text-sm text-slate-600"> ({note})</span> : null}
              </label>
            </li>
          );
        })}
      </ul>
      <button
        type="submit"
        className={buttonStyles.primary}
        disabled={picked.length === 0 || report.isPending}
      >
        {t("report")}
      </button>
      <div aria-live="polite">
        {report.isSuccess ? (
          <p
            ref={answerRef}
            tabIndex={-1}
            className="font-semibold text-green-800 focus:outline-none"
            data-testid="absence-reported"
          >
            {t("reported")}{" "}
            {credits.length > 0 && lastExpiry
              ? t("creditGiven", { count: credits.length, date: formatDate(lastExpiry, locale) })
              : null}
          </p>
        ) : null}
        {refusal ? (
          <p ref={refusalRef} tabIndex={-1} role="alert" className="text-red-700 focus:outline-none">
            {refusal}
          </p>
        ) : null}
      </div>
    </form>
  );
}
