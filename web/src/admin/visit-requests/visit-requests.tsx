import { berlinDateTimeText } from "@atelier/contract";
import { Alert, Box, Button, MenuItem, TextField as MuiTextField, Stack, Typography } from "@mui/material";
import { useCallback, useEffect, useState } from "react";
import {
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  SimpleForm,
  TextField,
  useDataProvider,
  useGetList,
  useLocaleState,
  useNotify,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { adminLocaleOf } from "../i18n/i18n-provider.ts";
import type { AdminDataProvider } from "../providers/data-provider.ts";
import { groupedPhone, telHref } from "../shared/contact-fields.tsx";
import { DetailEdit } from "../shared/detail.tsx";
import { SavingToolbar } from "../shared/form-layout.tsx";
import { LocalDateField } from "../shared/local-date-field.tsx";
import { openableRows } from "../shared/openable-rows.tsx";
import { HandlingFields, STATUSES, useChoices } from "../shared/request-fields.tsx";
import { failureText, useStaffAction, useUnsavedChanges } from "../shared/use-staff-action.ts";

/**
 * The requests inbox (D136, D137): visit requests (trial, out, waiting) and contact requests, each with
 * status, internal note and handler. Birthday-party requests get a resource of their own here once they
 * exist (issue 21).
 */

const VISIT_KINDS = ["trial", "out", "waiting"] as const;

type Adult = { first_name: string; last_name: string; email: string; phone: string; relation: string };
type VisitRecord = {
  id: number;
  kind: (typeof VISIT_KINDS)[number];
  product_page: number;
  product_name: string;
  house: string | null;
  confirmed_start: string | null;
  confirmed_end: string | null;
  adults: Adult[];
  children: { first_name: string; last_name: string; birth_date: string | null }[];
  date: string | null;
  confirmed_at: string | null;
  /** The group the family chose for a trial (D329). */
  requested_slot: number | null;
  version: string;
};

const adultName = (record: { adults: Adult[] }) =>
  record.adults.map((a) => `${a.first_name} ${a.last_name}`.trim()).join(", ");

export function VisitRequestList() {
  const translate = useTranslate();
  const statuses = useChoices("admin.requests.status", STATUSES);
  const kinds = useChoices("admin.requests.kind", VISIT_KINDS);
  const filters = [
    <SelectInput key="kind" source="kind" choices={kinds} alwaysOn />,
    <SelectInput key="status" source="status" choices={statuses} alwaysOn />,
  ];
  return (
    <List filters={filters} sort={{ field: "created_at", order: "DESC" }} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false} body={openableRows}>
        <LocalDateField source="created_at" showTime />
        <FunctionField
          source="kind"
          render={(r: VisitRecord) => translate(`admin.requests.kind.${r.kind}`)}
        />
        <TextField source="product_name" sortable={false} />
        <FunctionField source="adults" sortable={false} render={adultName} />
        <LocalDateField source="date" />
        <FunctionField
          source="status"
          render={(r: { status: string }) => translate(`admin.requests.status.${r.status}`)}
        />
      </Datagrid>
    </List>
  );
}

const time = (start: string | null, end: string | null) => (start ? `${start}${end ? `–${end}` : ""}` : "");

/** Who asked, for which course, for whom and when: read-only above the form. */
function VisitDetails() {
  const record = useRecordContext<VisitRecord>();
  const translate = useTranslate();
  const lessons = useLessons(record?.product_page);
  const [locale] = useLocaleState();
  // Days as the staff member's language writes them ("13.07.2026"), not as the API sends them (D495).
  const day = (iso: string) => berlinDateTimeText(iso, adminLocaleOf(locale));
  if (!record) return null;
  const confirmedTime = time(record.confirmed_start, record.confirmed_end);
  // Before staff confirm, the wished day carries the group the family chose (D329).
  const wished = lessons.find((lesson) => lesson.id === record.requested_slot);
  const shownTime = record.confirmed_at ? confirmedTime : wished ? time(wished.start, wished.end) : "";
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h6">
        {translate(`admin.requests.kind.${record.kind}`)} #{record.id}
      </Typography>
      <Typography>
        {translate("resources.visit-requests.fields.product_name")}:{" "}
        <RouterLink to={`/products/${record.product_page}`}>{record.product_name}</RouterLink>
        {record.house ? ` · ${record.house}` : ""}
      </Typography>
      <Typography>
        {translate("resources.visit-requests.fields.children")}:{" "}
        {(record.children ?? [])
          .map((c) => `${c.first_name} ${c.last_name}${c.birth_date ? ` (${day(c.birth_date)})` : ""}`)
          .join(", ") || "—"}
      </Typography>
      {(record.adults ?? []).map((a) => (
        <Typography key={`${a.email}-${a.first_name}`}>
          {`${a.first_name} ${a.last_name}`.trim()}
          {a.relation ? ` (${a.relation})` : ""}: <a href={`mailto:${a.email}`}>{a.email}</a>,{" "}
          <a href={telHref(a.phone)}>{groupedPhone(a.phone)}</a>
        </Typography>
      ))}
      <Typography>
        {translate(record.confirmed_at ? "admin.requests.confirmed_date" : "admin.requests.wished_date")}:{" "}
        {record.date ? day(record.date) : "—"}
        {shownTime ? `, ${shownTime}` : ""}
      </Typography>
    </Box>
  );
}

type Lesson = { id: number; weekday: number | null; date: string | null; start: string; end: string };
const OTHER_TIME = "other";

/**
 * The offer's lessons (not archived), to name the wished group (D329) and the time of a confirmed day (D270):
 * react-admin's query cache reads them once for the request's details and its confirmation.
 */
function useLessons(productPage: number | undefined) {
  const { data } = useGetList<Lesson>(
    "slots",
    {
      filter: { product_page: productPage, archived: false },
      pagination: { page: 1, perPage: 100 },
      sort: { field: "id", order: "ASC" },
    },
    { enabled: productPage !== undefined },
  );
  return data ?? [];
}

/** 0 = Monday … 6 = Sunday, as slots count weekdays. */
const weekdayOfIso = (iso: string) => (new Date(`${iso}T12:00:00Z`).getUTCDay() + 6) % 7;

/**
 * "Confirm a date" (D137, D270): the day and the lesson that day (or another time); the mail names course,
 * day, time and house. Clicking twice mails once (D271).
 */
function ConfirmDate() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const record = useRecordContext<VisitRecord>();
  const translate = useTranslate();
  const { busy, run } = useStaffAction();
  const unsaved = useUnsavedChanges();
  const [date, setDate] = useState(record?.date ?? "");
  // The group the family chose is the first choice (D329); another day's lessons replace it.
  const [choice, setChoice] = useState(record?.requested_slot ? String(record.requested_slot) : "");
  const [start, setStart] = useState("");
  const lessons = useLessons(record?.product_page);
  const thatDay = date
    ? lessons.filter((lesson) => lesson.date === date || lesson.weekday === weekdayOfIso(date))
    : [];
  const only = thatDay.length === 1 ? String(thatDay[0]?.id) : "";
  const chosen =
    choice && (choice === OTHER_TIME || thatDay.some((l) => String(l.id) === choice)) ? choice : only;
  if (!record || record.kind === "waiting") return null;
  const body =
    chosen === OTHER_TIME
      ? { date, start, version: record.version }
      : { date, slot: chosen ? Number(chosen) : null, version: record.version };
  const confirm = () => run(() => dataProvider.confirmVisitDate(record.id, body), "admin.requests.confirmed");
  const ready = Boolean(date) && (chosen === OTHER_TIME ? /^\d{2}:\d{2}$/.test(start) : Boolean(chosen));
  return (
    <Box component="section" aria-labelledby="confirm-date-title" sx={{ mb: 3 }}>
      <Typography id="confirm-date-title" variant="subtitle1">
        {translate("admin.requests.confirm_title")}
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: "flex-start" }}>
        <MuiTextField
          type="date"
          label={translate("admin.requests.confirm_date")}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <MuiTextField
          select
          label={translate("admin.requests.confirm_lesson")}
          value={chosen}
          onChange={(event) => setChoice(event.target.value)}
          sx={{ minWidth: 220 }}
          helperText={date && !thatDay.length ? translate("admin.requests.no_lesson_that_day") : " "}
        >
          {thatDay.map((lesson) => (
            <MenuItem key={lesson.id} value={String(lesson.id)}>
              {`${lesson.start}–${lesson.end}`}
            </MenuItem>
          ))}
          <MenuItem value={OTHER_TIME}>{translate("admin.requests.other_time")}</MenuItem>
        </MuiTextField>
        {chosen === OTHER_TIME ? (
          <MuiTextField
            type="time"
            label={translate("admin.requests.confirm_start")}
            value={start}
            onChange={(event) => setStart(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ) : null}
        <Button variant="contained" onClick={confirm} disabled={busy || !ready || unsaved}>
          {translate("admin.requests.confirm_button")}
        </Button>
      </Stack>
      {unsaved ? <Alert severity="info">{translate("admin.requests.save_first")}</Alert> : null}
    </Box>
  );
}

type Message = { id: number; author: string; to: string; subject: string; text: string; created_at: string };

/** Staff write to the family (D272): the mail goes out in the request's language; sent messages stay here. */
function MessagesToFamily() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const record = useRecordContext<VisitRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const [messages, setMessages] = useState<Message[]>([]);
  const [subject, setSubject] = useState("");
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const id = record?.id;
  const load = useCallback(async () => {
    if (id === undefined) return;
    setMessages((await dataProvider.getVisitMessages(id)) as Message[]);
  }, [id, dataProvider]);
  useEffect(() => {
    load().catch(() => setMessages([]));
  }, [load]);
  if (!record) return null;
  async function send() {
    setBusy(true);
    try {
      await dataProvider.sendVisitMessage(record?.id ?? "", { subject, text });
      notify("admin.requests.message_sent", { type: "success" });
      setSubject("");
      setText("");
      await load();
    } catch (failure) {
      notify(failureText(failure), { type: "error" });
    } finally {
      setBusy(false);
    }
  }
  const stamp = (iso: string) => <LocalDateField record={{ at: iso }} source="at" showTime />;
  return (
    <Box component="section" aria-labelledby="messages-title" sx={{ mb: 3, maxWidth: 720 }}>
      <Typography id="messages-title" variant="subtitle1">
        {translate("admin.requests.messages_title")}
      </Typography>
      {messages.length ? (
        <Box
          component="ol"
          sx={{ pl: 0, listStyle: "none" }}
          aria-label={translate("admin.requests.messages_sent")}
        >
          {messages.map((message) => (
            <Box
              component="li"
              key={message.id}
              sx={{ mb: 2, p: 1.5, border: 1, borderColor: "divider", borderRadius: 1 }}
            >
              <Typography variant="body2" color="text.secondary">
                {stamp(message.created_at)} ·{" "}
                {translate("admin.requests.message_from", { author: message.author, to: message.to })}
              </Typography>
              <Typography sx={{ fontWeight: "bold" }}>{message.subject}</Typography>
              <Typography sx={{ whiteSpace: "pre-wrap" }}>{message.text}</Typography>
            </Box>
          ))}
        </Box>
      ) : (
        <Typography color="text.secondary">{translate("admin.requests.no_messages")}</Typography>
      )}
      <Stack spacing={2} sx={{ mt: 1 }}>
        <MuiTextField
          label={translate("admin.requests.message_subject")}
          value={subject}
          onChange={(event) => setSubject(event.target.value.replace(/[\r\n]+/g, " "))}
          slotProps={{ htmlInput: { maxLength: 150 } }}
        />
        <MuiTextField
          label={translate("admin.requests.message_text")}
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={4}
          slotProps={{ htmlInput: { maxLength: 5000 } }}
          helperText={translate("admin.requests.message_help")}
        />
        <Box>
          <Button variant="contained" onClick={send} disabled={busy || !subject.trim() || !text.trim()}>
            {translate("admin.requests.message_send")}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

export function VisitRequestEdit() {
  return (
    <DetailEdit mutationMode="pessimistic" redirect={false}>
      <SimpleForm toolbar={<SavingToolbar />}>
        <VisitDetails />
        <ConfirmDate />
        <MessagesToFamily />
        <HandlingFields />
      </SimpleForm>
    </DetailEdit>
  );
}
