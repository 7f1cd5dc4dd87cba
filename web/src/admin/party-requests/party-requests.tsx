import { berlinDateTimeText } from "@atelier/contract";
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Link,
  MenuItem,
  TextField as MuiTextField,
  Stack,
  Typography,
} from "@mui/material";
import { useState } from "react";
import {
  Confirm,
  Datagrid,
  FunctionField,
  List,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  useDataProvider,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { adminLocaleOf } from "../i18n/i18n-provider.ts";
import type { AdminDataProvider } from "../providers/data-provider.ts";
import { groupedPhone, telHref } from "../shared/contact-fields.tsx";
import { DetailEdit } from "../shared/detail.tsx";
import { SavingToolbar } from "../shared/form-layout.tsx";
import { LocalDateField } from "../shared/local-date-field.tsx";
import { openableRows } from "../shared/openable-rows.tsx";
import { useStaffAction, useUnsavedChanges } from "../shared/use-staff-action.ts";
import { HOLD } from "../staff-orders/staff-orders.tsx";

/**
 * Birthday-party requests (D158–D160): read, handled, a preferred day confirmed into the party's order and
 * payment link, or declined with a mail to the parent.
 */

const STATUSES = ["new", "in_progress", "done"] as const;

type PartyRecord = {
  id: number;
  product_name: string;
  option_name: string;
  dates: string[];
  children_count: number;
  ages: number[];
  comment: string;
  confirmed_date: string | null;
  state: "sent" | "confirmed" | "paid" | "declined" | "expired";
  order: number | null;
  parent_name: string;
  parent_email: string;
  parent_phone: string;
  status: string;
  days_taken: { date: string; requests: number[] }[];
  version: string;
};

/** A wished or confirmed day as the staff member's language writes it ("13.07.2026"), not as the API sends it. */
function useDayText() {
  const [locale] = useLocaleState();
  return (iso: string) => berlinDateTimeText(iso, adminLocaleOf(locale));
}

export function PartyRequestList() {
  const translate = useTranslate();
  const day = useDayText();
  return (
    <List exporter={false} sort={{ field: "created_at", order: "DESC" }}>
      <Datagrid rowClick="edit" bulkActionButtons={false} body={openableRows}>
        <LocalDateField source="created_at" showTime sortable={false} />
        <TextField source="product_name" sortable={false} />
        <TextField source="parent_name" sortable={false} />
        <FunctionField
          source="dates"
          sortable={false}
          render={(r: PartyRecord) => r.dates.map(day).join(", ")}
        />
        <FunctionField
          source="state"
          sortable={false}
          render={(r: PartyRecord) => translate(`admin.party.state.${r.state}`)}
        />
        <FunctionField
          source="status"
          sortable={false}
          render={(r: PartyRecord) => translate(`admin.requests.status.${r.status}`)}
        />
      </Datagrid>
    </List>
  );
}

export function PartyDetails() {
  const record = useRecordContext<PartyRecord>();
  const translate = useTranslate();
  const day = useDayText();
  if (!record) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h6">
        {record.product_name} – {record.option_name} #{record.id}
      </Typography>
      <Typography>
        {record.parent_name} &lt;<Link href={`mailto:${record.parent_email}`}>{record.parent_email}</Link>&gt;
      </Typography>
      <Typography>
        {translate("resources.party-requests.fields.parent_phone")}:{" "}
        {record.parent_phone ? (
          <Link href={telHref(record.parent_phone)}>{groupedPhone(record.parent_phone)}</Link>
        ) : (
          translate("admin.party.noPhone")
        )}
      </Typography>
      <Typography>
        {translate("resources.party-requests.fields.children_count")}: {record.children_count} (
        {record.ages.join(", ")})
      </Typography>
      {record.comment ? <Typography sx={{ whiteSpace: "pre-wrap" }}>{record.comment}</Typography> : null}
      <Typography>
        {translate("resources.party-requests.fields.state")}: {translate(`admin.party.state.${record.state}`)}
        {record.confirmed_date ? ` (${day(record.confirmed_date)})` : ""}
        {record.order ? ` – ${translate("admin.party.order", { id: record.order })}` : ""}
      </Typography>
    </Box>
  );
}

/** Confirm one of the preferred days (the order and the payment link follow), or decline. */
export function PartyAnswer() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const record = useRecordContext<PartyRecord>();
  const translate = useTranslate();
  const { busy, run } = useStaffAction();
  const unsaved = useUnsavedChanges();
  const [date, setDate] = useState("");
  const [hold, setHold] = useState("");
  const [sameDay, setSameDay] = useState(false);
  // A decline closes the request for good and mails the family: asked first (D531).
  const [declining, setDeclining] = useState(false);
  const dayText = useDayText();
  if (record?.state !== "sent") return null;
  // Another party already holds the room on a preferred day (D191): said beside the day, confirmed knowingly.
  const takenBy = (day: string) => record.days_taken.find((taken) => taken.date === day)?.requests;
  const taken = takenBy(date);
  const send = (path: "confirm" | "decline") =>
    run(
      () =>
        dataProvider.answerPartyRequest(
          record.id,
          path,
          path === "confirm"
            ? {
                version: record.version,
                date,
                hold_minutes: hold === "" ? null : Number(hold),
                allow_same_day: taken !== undefined && sameDay,
              }
            : { version: record.version },
        ),
      path === "confirm" ? "admin.party.confirmed" : "admin.party.declined",
    );
  return (
    <Box component="section" aria-labelledby="party-answer-title" sx={{ mb: 3 }}>
      <Typography id="party-answer-title" variant="subtitle1">
        {translate("admin.party.confirm_title")}
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: "flex-start" }}>
        <MuiTextField
          select
          label={translate("admin.party.date")}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          sx={{ minWidth: 200 }}
        >
          {record.dates.map((day) => {
            const others = takenBy(day);
            return (
              <MenuItem key={day} value={day}>
                {others
                  ? `${dayText(day)} – ${translate("admin.party.day_taken", { ids: others.join(", ") })}`
                  : dayText(day)}
              </MenuItem>
            );
          })}
        </MuiTextField>
        <MuiTextField
          type="number"
          label={translate("admin.party.hold")}
          value={hold}
          onChange={(event) => setHold(event.target.value)}
          slotProps={{ htmlInput: { min: HOLD.min, max: HOLD.max } }}
        />
        <Button
          variant="contained"
          onClick={() => send("confirm")}
          disabled={busy || unsaved || !date || (taken !== undefined && !sameDay)}
        >
          {translate("admin.party.confirm_button")}
        </Button>
        <Button
          variant="outlined"
          color="error"
          onClick={() => setDeclining(true)}
          disabled={busy || unsaved}
        >
          {translate("admin.party.decline_button")}
        </Button>
      </Stack>
      {unsaved ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate("admin.requests.save_first")}
        </Alert>
      ) : null}
      <Confirm
        isOpen={declining}
        title="admin.party.decline_title"
        content={translate("admin.party.decline_text", {
          name: record.parent_name,
          days: record.dates.map(dayText).join(", "),
        })}
        confirm="admin.party.decline_button"
        confirmColor="warning"
        onConfirm={() => {
          setDeclining(false);
          send("decline");
        }}
        onClose={() => setDeclining(false)}
      />
      {taken ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {translate("admin.party.day_taken", { ids: taken.join(", ") })}
          <FormControlLabel
            sx={{ display: "flex" }}
            control={<Checkbox checked={sameDay} onChange={(event) => setSameDay(event.target.checked)} />}
            label={translate("admin.party.allow_same_day")}
          />
        </Alert>
      ) : null}
    </Box>
  );
}

export function PartyRequestEdit() {
  const statuses = STATUSES.map((id) => ({ id, name: `admin.requests.status.${id}` }));
  return (
    <DetailEdit mutationMode="pessimistic" redirect={false}>
      <SimpleForm toolbar={<SavingToolbar />}>
        <PartyDetails />
        <PartyAnswer />
        <SelectInput source="status" choices={statuses} />
        <TextInput source="note" multiline minRows={3} fullWidth helperText="admin.requests.note_help" />
        <ReferenceInput source="handler" reference="people" filter={{ role: ["staff", "admin"] }}>
          <SelectInput optionText="email" emptyText="—" />
        </ReferenceInput>
      </SimpleForm>
    </DetailEdit>
  );
}
