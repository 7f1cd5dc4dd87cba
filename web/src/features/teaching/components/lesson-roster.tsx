import type { InstructorReport, InstructorRoster, InstructorRosterChild } from "@atelier/contract";
import { berlinDate, presentMarkable } from "@atelier/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { useLocale } from "../../../i18n/use-locale.ts";
import { api } from "../../../lib/api-client.ts";
import { errorCodesByField, useErrorText } from "../../../lib/error-codes.ts";
import { formatDate } from "../../../lib/format.ts";
import { LessonLine, lessonsKey } from "./lesson-line.tsx";

const rosterKey = (slot: number, date: string) => ["instructor", "roster", slot, date] as const;

/** The tel: link of a phone number as stored ("+49 30 1234567" dials "+49301234567"). */
const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** One lesson's roster (D382): children with age, marks, the parent's phone, trial visitors, the report. */
export function LessonRoster({
  slot,
  date,
  BackLink,
}: {
  slot: number;
  date: string;
  BackLink: (props: { className: string; children: ReactNode }) => ReactNode;
}) {
  const { t } = useTranslation("teaching");
  const locale = useLocale();
  const roster = useQuery({
    queryKey: rosterKey(slot, date),
    queryFn: ({ signal }) => api.get<InstructorRoster>("/api/v2/instructor/roster/", { slot, date }, signal),
    retry: false,
  });
  return (
    <div className="mt-4 space-y-6">
      <BackLink className={buttonStyles.secondary}>{t("back")}</BackLink>
      {roster.isPending ? <p>{t("loading")}</p> : null}
      {roster.isError ? <p role="alert">{t("failed")}</p> : null}
      {roster.data ? (
        <>
          <section aria-labelledby="roster-title">
            <h2 id="roster-title" className="text-2xl font-bold text-slate-900">
              {formatDate(date, locale)}
            </h2>
            <p className="mt-1">
              <LessonLine lesson={roster.data.lesson} />
            </p>
            <h3 className="mt-4 text-xl font-bold text-slate-900">{t("rosterTitle")}</h3>
            {roster.data.children.length === 0 && roster.data.trial_visitors.length === 0 ? (
              <p className="mt-2">{t("noChildren")}</p>
            ) : null}
            {roster.data.children.length > 0 && !presentMarkable(date, berlinDate(new Date())) ? (
              <p className="mt-2">{t("presentFromLessonDay")}</p>
            ) : null}
            <ul className="mt-2 space-y-3">
              {roster.data.children.map((child) => (
                <ChildRow key={child.order_item} child={child} slot={slot} date={date} />
              ))}
              {roster.data.trial_visitors.map((visitor, index) => (
                <li
                  // Trial visitors have no id of their own on the roster: they are listed in request order.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the order is stable for one roster
                  key={index}
                  className="rounded-xl border border-slate-300 bg-white p-3"
                  data-testid="teaching-trial"
                >
                  <p className="font-semibold text-slate-900">
                    {visitor.visitor_name}
                    {visitor.age !== null ? `, ${t("age", { count: visitor.age })}` : ""}
                  </p>
                  <p className="font-semibold text-sky-900">{t("trialBadge")}</p>
                  <Phone name={visitor.parent_name} phone={visitor.parent_phone} />
                </li>
              ))}
            </ul>
          </section>
          <ReportForm slot={slot} date={date} reported={roster.data.lesson.reported} />
        </>
      ) : null}
    </div>
  );
}

function Phone({ name, phone }: { name: string; phone: string }) {
  const { t } = useTranslation("teaching");
  if (!phone || phone === "+") return <p className="text-slate-700">{t("noPhone")}</p>;
  return (
    <p>
      <a className="font-semibold text-orange-800 underline" href={telOf(phone)}>
        {t("call", { name: name || phone, phone })}
      </a>
    </p>
  );
}

function ChildRow({ child, slot, date }: { child: InstructorRosterChild; slot: number; date: string }) {
  const { t } = useTranslation("teaching");
  const client = useQueryClient();
  const mark = useMutation({
    mutationFn: (attendance: "present" | "absent") =>
      api.put("/api/v2/instructor/attendance/", { slot, date, order_item: child.order_item, attendance }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: rosterKey(slot, date) });
      void client.invalidateQueries({ queryKey: lessonsKey });
    },
  });
  const state =
    child.attendance === "present"
      ? t("markedPresent")
      : child.attendance === "absent"
        ? t("markedAbsent")
        : t("notMarked");
  const notes = [child.comment, child.notes].filter(Boolean).join(" · ");
  return (
    <li className="rounded-xl border border-slate-300 bg-white p-3" data-testid="teaching-child">
      <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
        {child.visitor_name}
        {child.age !== null ? `, ${t("age", { count: child.age })}` : ""}
      </p>
      <p className="text-slate-800" aria-live="polite">
        {state}
      </p>
      {notes ? (
        <p className="text-slate-700 [overflow-wrap:anywhere]">
          {t("notes")}: {notes}
        </p>
      ) : null}
      <Phone name={child.parent_name} phone={child.parent_phone} />
      <fieldset className="mt-2">
        <legend className="sr-only">{t("markLabel", { name: child.visitor_name })}</legend>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={child.attendance === "present" ? buttonStyles.primary : buttonStyles.secondary}
            aria-pressed={child.attendance === "present"}
            disabled={mark.isPending || !presentMarkable(date, berlinDate(new Date()))}
            onClick={() => mark.mutate("present")}
          >
            {t("present")}
          </button>
          <button
            type="button"
            className={child.attendance === "absent" ? buttonStyles.primary : buttonStyles.secondary}
            aria-pressed={child.attendance === "absent"}
            disabled={mark.isPending}
            onClick={() => mark.mutate("absent")}
          >
            {t("absent")}
          </button>
        </div>
      </fieldset>
      {mark.isError ? <p role="alert">{t("failed")}</p> : null}
    </li>
  );
}

function ReportForm({ slot, date, reported }: { slot: number; date: string; reported: boolean }) {
  const { t } = useTranslation("teaching");
  const errorText = useErrorText();
  const client = useQueryClient();
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const send = useMutation({
    mutationFn: () => api.post<InstructorReport>("/api/v2/instructor/reports/", { slot, date, reason }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: rosterKey(slot, date) });
      void client.invalidateQueries({ queryKey: lessonsKey });
    },
  });
  const codes = send.error ? errorCodesByField(send.error) : {};
  const fieldError = errorText(codes.reason?.[0] ?? codes.date?.[0]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  return (
    <section aria-labelledby="report-title" className="rounded-xl border border-slate-300 bg-white p-3">
      <h3 id="report-title" className="text-xl font-bold text-slate-900">
        {t("reportTitle")}
      </h3>
      <p className="mt-1 text-slate-700">{t("reportHint")}</p>
      {send.isSuccess || reported ? (
        <p className="mt-2 font-semibold text-green-800" role="status">
          {t("reportSent")}
        </p>
      ) : null}
      <form className="mt-2 space-y-2" onSubmit={submit} noValidate>
        <label htmlFor={reasonId} className="block font-semibold">
          {t("reportReason")}
        </label>
        <textarea
          id={reasonId}
          className="block w-full rounded-lg border border-slate-400 p-2"
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${reasonId}-error` : undefined}
        />
        {fieldError ? (
          <p id={`${reasonId}-error`} role="alert" className="text-red-800">
            {fieldError}
          </p>
        ) : send.isError ? (
          <p role="alert">{t("failed")}</p>
        ) : null}
        <button type="submit" className={buttonStyles.primary} disabled={send.isPending}>
          {t("reportSend")}
        </button>
      </form>
    </section>
  );
}
