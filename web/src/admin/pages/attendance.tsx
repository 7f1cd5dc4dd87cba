import type { LessonSummary, Roster, RosterChild } from "@atelier/contract";
import { INTL_LOCALES, presentMarkable, SCHOOL_TIME_ZONE } from "@atelier/contract";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { useCallback, useEffect, useState } from "react";
import { Title, useDataProvider, useNotify, useTranslate } from "react-admin";
import { Link, useSearchParams } from "react-router-dom";
import { currentAdminLocale } from "../i18n/i18n-provider.ts";
import type { AdminDataProvider } from "../providers/data-provider.ts";
import { berlinDay, downloadFile, fetchLessons, fetchRoster } from "../shared/attendance-api.ts";
import { groupedPhone, telHref } from "../shared/contact-fields.tsx";
import { failureText } from "../shared/use-staff-action.ts";

const time = (iso: string) =>
  new Intl.DateTimeFormat(INTL_LOCALES[currentAdminLocale()], {
    timeZone: SCHOOL_TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));

/** What the parents reported and how the child comes (issue 35, D372): words, not only colours. */
function LessonMarks({ child }: { child: RosterChild }) {
  const translate = useTranslate();
  if (!child.reported_absent && !child.makeup) return null;
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, my: 0.5 }}>
      {child.reported_absent ? (
        <Chip color="warning" size="small" label={translate("admin.lessons.roster.reported_absent")} />
      ) : null}
      {child.makeup ? (
        <Chip color="info" size="small" label={translate("admin.lessons.roster.makeup")} />
      ) : null}
    </Box>
  );
}

function ChildCard({
  child,
  presentAllowed,
  onMark,
}: {
  child: RosterChild;
  presentAllowed: boolean;
  onMark: (child: RosterChild, mark: "present" | "absent") => void;
}) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: "none" }} data-testid="roster-child">
      <CardContent>
        <Box sx={{ display: "flex", flexWrap: "wrap", justifyContent: "space-between", gap: 1 }}>
          <Box sx={{ minWidth: 0, flex: "1 1 16rem" }}>
            <Typography variant="h6" component="h3">
              {child.visitor_name}
              {child.age !== null ? `, ${translate("attendance.age", { age: child.age })}` : ""}
            </Typography>
            <LessonMarks child={child} />
            <Typography>
              {translate("attendance.parent")}: {child.parent_name}
              {child.parent_phone ? (
                <>
                  {" · "}
                  {translate("attendance.phone")}:{" "}
                  <a href={telHref(child.parent_phone)}>{groupedPhone(child.parent_phone)}</a>
                </>
              ) : null}
            </Typography>
            {child.comment ? (
              <Typography sx={{ overflowWrap: "anywhere" }}>
                {translate("attendance.comment")}: {child.comment}
              </Typography>
            ) : null}
            {child.notes ? (
              <Typography sx={{ overflowWrap: "anywhere" }}>
                {translate("attendance.notes")}: {child.notes}
              </Typography>
            ) : null}
            {child.checked_in_at ? (
              <Typography variant="body2" color="text.secondary">
                {translate("attendance.checked_in_at", { time: time(child.checked_in_at) })}
              </Typography>
            ) : null}
          </Box>
          <ToggleButtonGroup
            exclusive
            value={child.attendance}
            aria-label={translate("attendance.mark_for", { name: child.visitor_name })}
            onChange={(_event, value: "present" | "absent" | null) => {
              if (value) onMark(child, value);
            }}
          >
            <ToggleButton value="present" color="success" disabled={!presentAllowed}>
              {translate("attendance.present")}
            </ToggleButton>
            <ToggleButton value="absent" color="error">
              {translate("attendance.absent")}
            </ToggleButton>
          </ToggleButtonGroup>
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * One lesson's roster: seats, a cancelled date with its reason (D372), who was reported absent and who comes
 * to a makeup, the CSV, the children with their marks and the waiting list.
 */
function RosterSection({
  roster,
  date,
  onMark,
}: {
  roster: Roster;
  date: string;
  onMark: (child: RosterChild, mark: "present" | "absent") => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const { lesson } = roster;
  const presentAllowed = presentMarkable(date, berlinDay());
  return (
    <section aria-labelledby="roster-title">
      <Typography variant="h5" component="h2" id="roster-title">
        {`${roster.lesson.product_name}, ${roster.lesson.start}–${roster.lesson.end}`}
      </Typography>
      <Typography sx={{ mb: 1 }}>
        {translate("attendance.seats", {
          taken: roster.lesson.seats_taken,
          seats: roster.lesson.seats,
          left: roster.lesson.seats_left,
        })}
      </Typography>
      {lesson.cancelled ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {translate("admin.lessons.roster.cancelled", { reason: lesson.cancel_reason ?? "" })}
        </Alert>
      ) : lesson.closed ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate("admin.lessons.roster.closed")}
        </Alert>
      ) : null}
      {lesson.reported_absent > 0 || lesson.makeups > 0 ? (
        <Typography sx={{ mb: 1 }}>
          {translate("admin.lessons.roster.summary", {
            absent: lesson.reported_absent,
            makeups: lesson.makeups,
          })}
        </Typography>
      ) : null}
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 2 }}>
        <Button
          variant="contained"
          onClick={() =>
            downloadFile("attendance/roster.csv", { slot: String(roster.lesson.slot), date }).catch(() =>
              notify("attendance.download_failed", { type: "error" }),
            )
          }
        >
          {translate("attendance.csv")}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {translate("attendance.csv_help")}
        </Typography>
        {!lesson.cancelled && !lesson.closed && date >= berlinDay() ? (
          <Button
            component={Link}
            to={`/lesson-cancellations/create?date=${date}&slot=${lesson.slot}`}
            variant="outlined"
            color="error"
          >
            {translate("admin.lessons.roster.cancel_button")}
          </Button>
        ) : null}
      </Box>
      <Typography variant="h6" component="h2">
        {translate("attendance.children", { count: roster.children.length })}
      </Typography>
      {roster.children.length === 0 ? <Typography>{translate("attendance.no_children")}</Typography> : null}
      {roster.children.length > 0 && !presentAllowed ? (
        <Typography sx={{ mb: 1 }}>{translate("attendance.present_from_lesson_day")}</Typography>
      ) : null}
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
        {roster.children.map((child) => (
          <ChildCard key={child.order_item} child={child} presentAllowed={presentAllowed} onMark={onMark} />
        ))}
      </Stack>
      <TrialVisitors roster={roster} />
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {translate("attendance.waiting", { count: roster.waiting.length })}
      </Typography>
      {roster.waiting.length === 0 ? (
        <Typography>{translate("attendance.no_waiting")}</Typography>
      ) : (
        <ol>
          {roster.waiting.map((entry) => (
            <li key={entry.id}>
              {entry.visitor_name}
              {entry.age !== null ? `, ${translate("attendance.age", { age: entry.age })}` : ""} ·{" "}
              {entry.parent_name}
              {entry.parent_phone ? ` · ${groupedPhone(entry.parent_phone)}` : ""}
              {entry.status === "offered" ? ` · ${translate("attendance.offered")}` : ""}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The children staff confirmed for a trial lesson this day (D270, D618): as the instructor's roster shows them. */
function TrialVisitors({ roster }: { roster: Roster }) {
  const translate = useTranslate();
  if (roster.trial_visitors.length === 0) return null;
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {translate("attendance.trials", { count: roster.trial_visitors.length })}
      </Typography>
      <ul data-testid="roster-trials">
        {roster.trial_visitors.map((trial) => (
          <li key={`${trial.visitor_name}-${trial.parent_phone}`}>
            {trial.visitor_name}
            {trial.age !== null ? `, ${translate("attendance.age", { age: trial.age })}` : ""} ·{" "}
            {trial.parent_name}
            {trial.parent_phone ? ` · ${groupedPhone(trial.parent_phone)}` : ""}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The day and lesson a link names (`?date=…&slot=…`, the dashboard's), else today in Berlin. */
function useAskedLesson() {
  const [params] = useSearchParams();
  const [date, setDate] = useState(() => {
    const asked = params.get("date") ?? "";
    return /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : berlinDay();
  });
  const [slot, setSlot] = useState<number | "">(() => Number(params.get("slot")) || "");
  return { date, setDate, slot, setSlot };
}

/**
 * Attendance (D131): pick a day (today first, in Berlin; or the day and lesson a dashboard link names) and
 * one of its lessons; the roster with present/absent per child, the waiting list and the CSV download.
 */
export function AttendancePage() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const { date, setDate, slot, setSlot } = useAskedLesson();
  // The lessons with the day they were read for: until the new day's list is in, the lesson chosen on the
  // day before is not asked for on the new day (it has none there: a false "not found").
  const [read, setRead] = useState<{ date: string; lessons: LessonSummary[] } | null>(null);
  const lessons = read?.date === date ? read.lessons : null;
  const [roster, setRoster] = useState<Roster | null>(null);

  useEffect(() => {
    let live = true;
    setRoster(null);
    fetchLessons(date)
      .then((list) => {
        if (!live) return;
        const booked = list.filter((lesson) => lesson.children > 0);
        setRead({ date, lessons: booked });
        setSlot((current) =>
          booked.some((lesson) => lesson.slot === current) ? current : (booked[0]?.slot ?? ""),
        );
      })
      .catch((error: unknown) => notify(failureText(error), { type: "error" }));
    return () => {
      live = false;
    };
  }, [date, notify, setSlot]);

  // The roster of a lesson the day's list holds; none while the list is read or when the day has no lesson.
  const shown = lessons?.some((lesson) => lesson.slot === slot) ? slot : "";
  // A mark saved reads the roster again through this count, so an answer for a day left meanwhile is dropped.
  const [reads, setReads] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reads` is a saved mark's trigger to read again.
  const load = useCallback(() => {
    if (shown === "") {
      setRoster(null);
      return;
    }
    let live = true;
    fetchRoster(shown, date)
      .then((found) => live && setRoster(found))
      .catch((error: unknown) => live && notify(failureText(error), { type: "error" }));
    return () => {
      live = false;
    };
  }, [shown, date, notify, reads]);
  useEffect(load, [load]);

  const onMark = (child: RosterChild, attendance: "present" | "absent") => {
    if (shown === "") return;
    dataProvider
      .markAttendance({ slot: shown, date, order_item: child.order_item, attendance })
      .then(() => {
        notify("attendance.saved", { type: "success" });
        setReads((count) => count + 1);
      })
      .catch((error: unknown) => notify(failureText(error), { type: "error" }));
  };

  return (
    <Box sx={{ p: 2, maxWidth: "60rem" }}>
      <Title title={translate("attendance.menu.attendance")} />
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, mb: 2 }}>
        <TextField
          type="date"
          label={translate("attendance.date")}
          value={date}
          onChange={(event) => event.target.value && setDate(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {lessons && lessons.length > 0 ? (
          <TextField
            select
            label={translate("attendance.lesson")}
            value={slot}
            onChange={(event) => setSlot(Number(event.target.value))}
            sx={{ minWidth: "16rem", maxWidth: "100%" }}
          >
            {lessons.map((lesson) => (
              <MenuItem key={lesson.slot} value={lesson.slot}>
                {`${lesson.start}–${lesson.end} ${lesson.product_name} (${lesson.children})`}
                {lesson.cancelled ? ` – ${translate("admin.lessons.roster.cancelled_mark")}` : ""}
                {lesson.closed && !lesson.cancelled
                  ? ` – ${translate("admin.lessons.roster.closed_mark")}`
                  : ""}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
      </Box>
      {lessons && lessons.length === 0 ? (
        <Alert severity="info">{translate("attendance.no_lessons")}</Alert>
      ) : null}
      {roster ? <RosterSection roster={roster} date={date} onMark={onMark} /> : null}
    </Box>
  );
}
