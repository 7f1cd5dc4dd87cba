import { Box, Button, TextField as MuiTextField, Stack, Typography } from "@mui/material";
import { useState } from "react";
import {
  Datagrid,
  FunctionField,
  List,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { adminFetch } from "./data-provider.ts";
import { DetailEdit } from "./detail.tsx";
import { LocalDateField } from "./local-date-field.tsx";
import { useStaffAction } from "./use-staff-action.ts";

/**
 * The requests inbox (D136, D137): visit requests (trial, out, waiting) and contact requests, each with
 * status, internal note and handler. Birthday-party requests get a resource of their own here once they
 * exist (issue 21).
 */

const STATUSES = ["new", "in_progress", "done"] as const;
const VISIT_KINDS = ["trial", "out", "waiting"] as const;
const CONTACT_KINDS = ["appointment", "callback", "partnership"] as const;

function useChoices(prefix: string, ids: readonly string[]) {
  const translate = useTranslate();
  return ids.map((id) => ({ id, name: translate(`${prefix}.${id}`) }));
}

type Adult = { first_name: string; last_name: string; email: string; phone: string; relation: string };
type VisitRecord = {
  id: number;
  kind: (typeof VISIT_KINDS)[number];
  adults: Adult[];
  children: { first_name: string; last_name: string; birth_date: string | null }[];
  date: string | null;
  confirmed_at: string | null;
  version: string;
};

const adultName = (record: { adults: Adult[] }) =>
  record.adults.map((a) => `${a.first_name} ${a.last_name}`.trim()).join(", ");

function HandlerInput() {
  return (
    <ReferenceInput source="handler" reference="people" filter={{ role: ["staff", "admin"] }}>
      <SelectInput optionText="email" emptyText="—" />
    </ReferenceInput>
  );
}

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
      <Datagrid rowClick="edit" bulkActionButtons={false}>
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

/** Who asked, for whom and when: read-only above the form. */
function VisitDetails() {
  const record = useRecordContext<VisitRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h6">
        {translate(`admin.requests.kind.${record.kind}`)} #{record.id}
      </Typography>
      <Typography>
        {translate("resources.visit-requests.fields.children")}:{" "}
        {record.children
          .map((c) => `${c.first_name} ${c.last_name}${c.birth_date ? ` (${c.birth_date})` : ""}`)
          .join(", ") || "—"}
      </Typography>
      {record.adults.map((a) => (
        <Typography key={`${a.email}-${a.first_name}`}>
          {`${a.first_name} ${a.last_name}`.trim()}
          {a.relation ? ` (${a.relation})` : ""}: {a.email}, {a.phone}
        </Typography>
      ))}
      <Typography>
        {translate(record.confirmed_at ? "admin.requests.confirmed_date" : "admin.requests.wished_date")}:{" "}
        {record.date ?? "—"}
      </Typography>
    </Box>
  );
}

/** "Confirm a date" (D137): sets the day and mails the parent in the request's language. */
function ConfirmDate() {
  const record = useRecordContext<VisitRecord>();
  const translate = useTranslate();
  const { busy, run } = useStaffAction();
  const [date, setDate] = useState(record?.date ?? "");
  if (!record || record.kind === "waiting") return null;
  const confirm = () =>
    run(
      () =>
        adminFetch("POST", `visit-requests/${record.id}/confirm/`, {
          body: { date, version: record.version },
        }),
      "admin.requests.confirmed",
    );
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
        <Button variant="contained" onClick={confirm} disabled={busy || !date}>
          {translate("admin.requests.confirm_button")}
        </Button>
      </Stack>
    </Box>
  );
}

function HandlingFields() {
  const statuses = useChoices("admin.requests.status", STATUSES);
  return (
    <>
      <SelectInput source="status" choices={statuses} />
      <TextInput source="note" multiline minRows={3} fullWidth helperText="admin.requests.note_help" />
      <HandlerInput />
    </>
  );
}

export function VisitRequestEdit() {
  return (
    <DetailEdit mutationMode="pessimistic" redirect={false}>
      <SimpleForm>
        <VisitDetails />
        <ConfirmDate />
        <HandlingFields />
      </SimpleForm>
    </DetailEdit>
  );
}

export function ContactRequestList() {
  const translate = useTranslate();
  const statuses = useChoices("admin.requests.status", STATUSES);
  const kinds = useChoices("admin.requests.contact_kind", CONTACT_KINDS);
  const filters = [
    <SelectInput key="kind" source="kind" choices={kinds} alwaysOn />,
    <SelectInput key="status" source="status" choices={statuses} alwaysOn />,
  ];
  return (
    <List filters={filters} sort={{ field: "created_at", order: "DESC" }} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <LocalDateField source="created_at" showTime />
        <FunctionField
          source="kind"
          render={(r: { kind: string }) => translate(`admin.requests.contact_kind.${r.kind}`)}
        />
        <FunctionField
          source="last_name"
          sortable={false}
          render={(r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`}
        />
        <TextField source="phone" sortable={false} />
        <LocalDateField source="appointment_date" sortable={false} />
        <FunctionField
          source="status"
          render={(r: { status: string }) => translate(`admin.requests.status.${r.status}`)}
        />
      </Datagrid>
    </List>
  );
}

function ContactDetails() {
  const record = useRecordContext<{
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    comment: string;
    message: string;
    position: string;
  }>();
  if (!record) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h6">{`${record.first_name} ${record.last_name}`}</Typography>
      <Typography>
        {record.email}, {record.phone}
      </Typography>
      {[record.position, record.comment, record.message].filter(Boolean).map((text) => (
        <Typography key={text} sx={{ whiteSpace: "pre-wrap" }}>
          {text}
        </Typography>
      ))}
    </Box>
  );
}

export function ContactRequestEdit() {
  return (
    <DetailEdit mutationMode="pessimistic" redirect={false}>
      <SimpleForm>
        <ContactDetails />
        <HandlingFields />
      </SimpleForm>
    </DetailEdit>
  );
}
