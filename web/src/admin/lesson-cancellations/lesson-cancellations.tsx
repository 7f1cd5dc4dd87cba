import { berlinDateTimeText, type LessonSummary } from "@atelier/contract";
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  Confirm,
  CreateButton,
  Datagrid,
  DateInput,
  FunctionField,
  type HttpError,
  List,
  TextField as RaTextField,
  Title,
  TopToolbar,
  useCreate,
  useLocaleState,
  useNotify,
  useRedirect,
  useTranslate,
} from "react-admin";
import { useSearchParams } from "react-router-dom";
import { adminLocaleOf } from "../i18n/i18n-provider.ts";
import { berlinDay, fetchLessons } from "../shared/attendance-api.ts";
import { LocalDateField } from "../shared/local-date-field.tsx";

/**
 * Lessons the school cancelled (issue 35, D369, D390): the list from today on and the form that cancels one
 * date of a slot.
 */

/** A day (YYYY-MM-DD) as the staff member's language writes it, with its weekday: "Di., 01.12.2026". */
function useDayText() {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  return (day: string) => {
    const weekday = translate(`admin.weekdays.${(new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7}`);
    return `${weekday}, ${berlinDateTimeText(day, adminLocaleOf(locale))}`;
  };
}

type Cancellation = { id: number; date: string; start: string; end: string; product_name: string };

function CancellationActions() {
  return (
    <TopToolbar>
      <CreateButton label="admin.lessons.cancel.new" />
    </TopToolbar>
  );
}

function NoCancellations() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2 }}>
      <Typography sx={{ mb: 2 }}>{translate("admin.lessons.cancel.empty")}</Typography>
      <CreateButton label="admin.lessons.cancel.new" variant="contained" />
    </Box>
  );
}

/** The cancelled lesson dates from today on (or from the day the filter names), soonest first. */
export function CancellationList() {
  const day = useDayText();
  const filters = [<DateInput key="from" source="from" alwaysOn />];
  return (
    <List
      filters={filters}
      actions={<CancellationActions />}
      empty={<NoCancellations />}
      pagination={false}
      exporter={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false} empty={<NoCancellations />}>
        <FunctionField source="date" sortable={false} render={(r: Cancellation) => day(r.date)} />
        <FunctionField source="start" sortable={false} render={(r: Cancellation) => `${r.start}–${r.end}`} />
        <RaTextField source="product_name" sortable={false} />
        <RaTextField source="reason" sortable={false} />
        <LocalDateField source="cancelled_at" showTime sortable={false} />
      </Datagrid>
    </List>
  );
}

/** The day's lessons to choose from: those already cancelled are shown but cannot be chosen. */
function LessonChoice({
  lessons,
  slot,
  onChange,
}: {
  lessons: LessonSummary[];
  slot: number | "";
  onChange: (slot: number) => void;
}) {
  const translate = useTranslate();
  if (lessons.length === 0)
    return <Alert severity="info">{translate("admin.lessons.cancel.no_lessons")}</Alert>;
  return (
    <TextField
      select
      required
      label={translate("admin.lessons.cancel.lesson")}
      value={slot}
      onChange={(event) => onChange(Number(event.target.value))}
      // The chosen lesson's line wraps on a phone instead of widening the page (390 px).
      sx={{ width: "100%" }}
      slotProps={{ select: { SelectDisplayProps: { style: { whiteSpace: "normal" } } } }}
    >
      {lessons.map((lesson) => (
        <MenuItem
          key={lesson.slot}
          value={lesson.slot}
          disabled={lesson.cancelled || lesson.closed}
          sx={{ whiteSpace: "normal" }}
        >
          {translate("admin.lessons.cancel.lesson_line", {
            start: lesson.start,
            end: lesson.end,
            name: lesson.product_name,
            children: lesson.children,
          })}
          {lesson.cancelled ? ` (${translate("admin.lessons.cancel.already")})` : ""}
          {lesson.closed && !lesson.cancelled ? ` (${translate("admin.lessons.roster.closed_mark")})` : ""}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** What is sent (slot, date, reasons) and what the server answers (how many children, credits, longer periods, mails). */
type CancelRecord = {
  id: number;
  slot: number;
  date: string;
  reason_de?: string;
  reason_ru?: string;
  children?: number;
  credits?: number;
  /** Running subscriptions whose paid period gained the lesson (the page's rule "lengthen", D393). */
  lengthened?: number;
  mails?: number;
};

/** The server's message for a field of the form, if its answer named one. */
const fieldError = (error: unknown, field: string) =>
  ((error as HttpError | null)?.body?.errors as Record<string, string> | undefined)?.[field];

/**
 * Cancel one lesson date (D369): the day (a link from the roster names day and slot), the lesson, the reason
 * in German and Russian, then a confirmation naming how many families are mailed. Saved by react-admin's
 * `create` through the data provider; the answer says how many children, credits and mails it made.
 */
export function CancellationCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const day = useDayText();
  const [params] = useSearchParams();
  const asked = params.get("date") ?? "";
  const [date, setDate] = useState(/^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : berlinDay());
  const [slot, setSlot] = useState<number | "">(Number(params.get("slot")) || "");
  const [reasons, setReasons] = useState({ reason_de: "", reason_ru: "" });
  const [asking, setAsking] = useState(false);
  const [create, { isPending, error }] = useCreate<CancelRecord>();
  const lessons = useQuery({
    queryKey: ["lesson-cancellations", "day", date],
    queryFn: () => fetchLessons(date),
  });
  const current = lessons.data?.find((one) => one.slot === slot && !one.cancelled && !one.closed);
  const ready = current !== undefined && reasons.reason_de.trim() !== "";
  const submit = () => {
    setAsking(false);
    if (!current) return;
    create(
      "lesson-cancellations",
      { data: { slot: current.slot, date, ...reasons } },
      {
        onSuccess: (reply) => {
          // An older server answers no `lengthened`: 0, never a raw placeholder on screen.
          notify("admin.lessons.cancel.done", { type: "success", messageArgs: { lengthened: 0, ...reply } });
          redirect("list", "lesson-cancellations");
        },
        onError: (failure) => notify((failure as Error).message, { type: "error" }),
      },
    );
  };
  const reasonField = (field: "reason_de" | "reason_ru") => (
    <TextField
      // The Russian reason is optional (D614): without it, families who read Russian get the German one.
      required={field === "reason_de"}
      multiline
      minRows={2}
      label={translate(`admin.lessons.cancel.${field}`)}
      value={reasons[field]}
      onChange={(event) => setReasons({ ...reasons, [field]: event.target.value })}
      error={Boolean(fieldError(error, field))}
      helperText={
        fieldError(error, field) ??
        translate(
          field === "reason_de" ? "admin.lessons.cancel.reason_help" : "admin.lessons.cancel.reason_ru_help",
        )
      }
      slotProps={{ htmlInput: { maxLength: 500 } }}
    />
  );
  return (
    <Box sx={{ p: 2, maxWidth: "40rem" }}>
      <Title title={translate("admin.lessons.cancel.title")} />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate("admin.lessons.cancel.title")}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate("admin.lessons.cancel.intro")}</Typography>
      <Stack spacing={2}>
        <TextField
          type="date"
          required
          label={translate("admin.lessons.cancel.date")}
          value={date}
          onChange={(event) => {
            if (!event.target.value) return;
            setDate(event.target.value);
            setSlot("");
          }}
          error={Boolean(fieldError(error, "date"))}
          helperText={fieldError(error, "date")}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {lessons.data ? (
          <LessonChoice lessons={lessons.data} slot={current?.slot ?? ""} onChange={setSlot} />
        ) : null}
        {reasonField("reason_de")}
        {reasonField("reason_ru")}
        <Box>
          <Button
            variant="contained"
            color="error"
            disabled={!ready || isPending}
            onClick={() => setAsking(true)}
          >
            {translate("admin.lessons.cancel.submit")}
          </Button>
        </Box>
      </Stack>
      <Confirm
        isOpen={asking && current !== undefined}
        title="admin.lessons.cancel.confirm_title"
        content={translate("admin.lessons.cancel.confirm_text", {
          name: current?.product_name ?? "",
          day: day(date),
          start: current?.start ?? "",
          children: current?.children ?? 0,
        })}
        confirm="admin.lessons.cancel.submit"
        onConfirm={submit}
        onClose={() => setAsking(false)}
      />
    </Box>
  );
}
