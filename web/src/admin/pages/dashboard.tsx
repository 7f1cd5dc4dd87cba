import {
  berlinDate,
  berlinDateTimeText,
  type Dashboard as DashboardData,
  type LessonSummary,
  SLOW_REFUND_DAYS,
} from "@atelier/contract";
import { Alert, Box, Button, Card, CardContent, Link, Typography } from "@mui/material";
import { type ReactNode, useEffect, useState } from "react";
import { Title, useTranslate } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { currentAdminLocale } from "../i18n/i18n-provider.ts";
import { adminFetch } from "../providers/data-provider.ts";
import { euros, takeDashboard } from "../shared/attendance-api.ts";
import { groupedPhone, telHref } from "../shared/contact-fields.tsx";
import { useEnumLabel } from "../shared/enum-labels.tsx";
import { useStaffAction } from "../shared/use-staff-action.ts";
import { PaymentIssueActions } from "./payment-issue-actions.tsx";

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ flex: "1 1 18rem", minWidth: 0 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The weekday of an ISO day in the staff's language ("Samstag"). */
function useWeekday() {
  const translate = useTranslate();
  return (iso: string) => translate(`admin.weekdays.${(new Date(`${iso}T12:00:00Z`).getUTCDay() + 6) % 7}`);
}

/** Each lesson leads to its roster on the attendance page (that slot, that day). */
function Lessons({ list }: { list: LessonSummary[] }) {
  const translate = useTranslate();
  const weekday = useWeekday();
  if (list.length === 0) return <Typography>{translate("attendance.dashboard.no_lessons")}</Typography>;
  return (
    <ul>
      {list.map((lesson) => (
        <li key={lesson.slot}>
          <Link component={RouterLink} to={`/attendance?date=${lesson.date}&slot=${lesson.slot}`}>
            {translate("attendance.dashboard.lesson_line", {
              day: weekday(lesson.date),
              start: lesson.start,
              name: lesson.product_name,
              house: lesson.house ? ` (${lesson.house})` : "",
              smart_count: lesson.children,
            })}
          </Link>
          {lesson.cancelled ? ` – ${translate("admin.lessons.dashboard.cancelled")}` : ""}
          {lesson.closed && !lesson.cancelled ? ` – ${translate("admin.lessons.dashboard.closed")}` : ""}
          {lesson.makeups > 0
            ? ` (${translate("admin.lessons.dashboard.makeups", { makeups: lesson.makeups })})`
            : ""}
        </li>
      ))}
    </ul>
  );
}

/** The parent an item names, to write or call at once (issue 29, D326): name, `mailto:` and `tel:` links. */
function ParentContact({
  parent,
}: {
  parent: NonNullable<DashboardData["payment_issues"][number]["parent"]>;
}) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" component="span" sx={{ display: "block" }}>
      {`${translate("attendance.dashboard.parent")}: ${parent.name || parent.email} · `}
      <Link href={`mailto:${parent.email}`}>{parent.email}</Link>
      {parent.phone ? (
        <>
          {" · "}
          <Link href={telHref(parent.phone)}>{groupedPhone(parent.phone)}</Link>
        </>
      ) : null}
    </Typography>
  );
}

/** One kind of open request, leading to the inbox where staff handle it (D178). */
function RequestsLine({ to, text }: { to: string; text: string }) {
  return (
    <Typography>
      <Link component={RouterLink} to={to}>
        {text}
      </Link>
    </Typography>
  );
}

/**
 * Mails the outbox gave up on (D534), each with "Erneut senden": handed back to the outbox as it was. A
 * sent one leaves the list; the list is read again after each.
 */
function FailedMails({ mails, reload }: { mails: DashboardData["failed_mails"]; reload: () => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`attendance.dashboard.${key}`, options);
  const { busy, run } = useStaffAction({ onDone: reload });
  // The whole outbox, given-up mails first asked for: why each failed, and those past the newest 20.
  const all = (
    <Typography variant="body2">
      <Link
        component={RouterLink}
        to={`/mails?filter=${encodeURIComponent(JSON.stringify({ status: "failed" }))}`}
      >
        {t("all_failed_mails")}
      </Link>
    </Typography>
  );
  if (mails.length === 0)
    return (
      <>
        <Typography>{t("no_failed_mails")}</Typography>
        {all}
      </>
    );
  return (
    <>
      <Typography variant="body2">{t("failed_mail_help")}</Typography>
      {all}
      <ul>
        {mails.map((mail) => (
          <li key={mail.id}>
            {t("failed_mail_line", {
              subject: mail.subject,
              to: mail.to,
              day: berlinDateTimeText(berlinDate(new Date(mail.created_at)), currentAdminLocale()),
              attempts: mail.attempts,
            })}{" "}
            <Button
              size="small"
              disabled={busy}
              onClick={() =>
                run(
                  // Another staff member may have sent it already (404): the list is read again either way.
                  () =>
                    adminFetch("POST", `mails/${mail.id}/resend/`).catch((failure: unknown) => {
                      reload();
                      throw failure;
                    }),
                  "attendance.dashboard.mail_resent",
                )
              }
            >
              {t("resend_mail")}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Refunds the payment service took but has not paid out for more than `SLOW_REFUND_DAYS` (D574): staff ask
 * it. A reply of an instance of the version before has none (a rolling upgrade).
 */
function SlowRefunds({ refunds = [] }: { refunds: DashboardData["slow_refunds"] | undefined }) {
  const translate = useTranslate();
  const label = useEnumLabel();
  const locale = currentAdminLocale();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`attendance.dashboard.${key}`, options);
  if (refunds.length === 0) return null;
  return (
    <>
      <Typography>{t("slow_refunds", { smart_count: SLOW_REFUND_DAYS })}</Typography>
      <ul>
        {refunds.map((refund) => (
          <li key={refund.refund}>
            <Link component={RouterLink} to={`/orders/${refund.order}/show`}>
              {t("slow_refund_line", {
                order: refund.order,
                amount: euros(refund.amount_cents, locale),
                gateway: label("payment_gateway", refund.gateway),
                day: berlinDateTimeText(berlinDate(new Date(refund.since)), locale),
              })}
            </Link>
            {refund.parent ? <ParentContact parent={refund.parent} /> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Payments a person must look at (D90), refunds the payment service is slow to pay out (D574) and gateway
 * events about nothing the shop knows (D201).
 */
function PaymentIssues({ data, reload }: { data: DashboardData; reload: () => void }) {
  const translate = useTranslate();
  const locale = currentAdminLocale();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`attendance.dashboard.${key}`, options);
  return (
    <Panel title={t("payment_issues")}>
      {data.payment_issues.length === 0 && !data.slow_refunds?.length ? (
        <Typography>{t("no_payment_issues")}</Typography>
      ) : (
        <ul>
          {data.payment_issues.map((issue) => (
            <li key={issue.payment}>
              <Link component={RouterLink} to={`/orders/${issue.order}/show`}>
                {t("issue_line", {
                  order: issue.order,
                  amount: euros(issue.amount_cents, locale),
                  reason: t(`reasons.${issue.reason}`),
                  attempts: issue.attempts,
                })}
              </Link>
              {issue.parent ? <ParentContact parent={issue.parent} /> : null}
              <PaymentIssueActions issue={issue} reload={reload} />
            </li>
          ))}
        </ul>
      )}
      <SlowRefunds refunds={data.slow_refunds} />
      {data.unmatched_payment_events.length > 0 ? (
        <>
          <Typography>{t("unmatched_events")}</Typography>
          <ul>
            {data.unmatched_payment_events.map((event) => (
              <li key={event.id}>
                {t("unmatched_event_line", {
                  gateway: event.gateway === "stripe" ? "Stripe" : "PayPal",
                  type: event.event_type,
                  object: event.resource_id ?? "–",
                  day: berlinDate(new Date(event.received_at)),
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Panel>
  );
}

/** The back office's first page (D133): money, lessons, what fills up, what waits for a person. */
export function Dashboard() {
  const translate = useTranslate();
  const [data, setData] = useState<DashboardData | null>(null);
  const [failed, setFailed] = useState(false);
  const [reads, setReads] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when an action asks (`reads`)
  useEffect(() => {
    takeDashboard()
      .then(setData)
      .catch(() => setFailed(true));
  }, [reads]);
  const locale = currentAdminLocale();
  const weekday = useWeekday();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`attendance.dashboard.${key}`, options);
  return (
    <Box sx={{ p: 2 }}>
      <Title title={t("title")} />
      {failed ? <Alert severity="error">{translate("ra.notification.http_error")}</Alert> : null}
      {data ? (
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
          <Panel title={t("sales_today")}>
            <Typography variant="h4" component="p">
              {euros(data.sales_today_cents, locale)}
            </Typography>
            <Typography>{t("orders", { smart_count: data.paid_orders_today })}</Typography>
          </Panel>
          <Panel title={t("sales_month")}>
            <Typography variant="h4" component="p">
              {euros(data.sales_month_cents, locale)}
            </Typography>
            <Typography>{t("orders", { smart_count: data.paid_orders_month })}</Typography>
          </Panel>
          <Panel title={t("lessons_today")}>
            <Lessons list={data.lessons_today} />
          </Panel>
          <Panel title={t("lessons_tomorrow")}>
            <Lessons list={data.lessons_tomorrow} />
          </Panel>
          <Panel title={translate("admin.lessons.dashboard.makeups_week")}>
            <Typography variant="h4" component="p">
              {data.makeups_this_week}
            </Typography>
            <Typography>
              {translate("admin.lessons.dashboard.makeups_line", { smart_count: data.makeups_this_week })}
            </Typography>
          </Panel>
          <Panel title={t("filling_up")}>
            {data.filling_up.length === 0 ? (
              <Typography>{t("none_filling_up")}</Typography>
            ) : (
              <ul>
                {data.filling_up.map((slot) => (
                  <li key={slot.slot}>
                    {`${slot.product_name}, ${slot.date ? weekday(slot.date) : translate(`admin.weekdays.${slot.weekday ?? 0}`)} ${slot.start}: `}
                    {t("seats_line", { taken: slot.seats_taken, seats: slot.seats })}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel title={t("requests")}>
            <RequestsLine
              to="/visit-requests"
              text={t("visit_requests", { count: data.open_visit_requests })}
            />
            <RequestsLine
              to="/contact-requests"
              text={t("contact_requests", { count: data.open_contact_requests })}
            />
            <RequestsLine
              to="/party-requests"
              text={t("party_requests", { count: data.open_party_requests })}
            />
            <RequestsLine
              to="/instructor-reports"
              text={t("instructor_reports", { count: data.open_instructor_reports })}
            />
          </Panel>
          <Panel title={t("failed_mails")}>
            <FailedMails mails={data.failed_mails} reload={() => setReads((n) => n + 1)} />
          </Panel>
          <PaymentIssues data={data} reload={() => setReads((n) => n + 1)} />
        </Box>
      ) : null}
    </Box>
  );
}
