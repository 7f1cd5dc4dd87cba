import { Box, Typography } from "@mui/material";
import type { ReactNode } from "react";
import {
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  SimpleForm,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { groupedPhone, PhoneField, telHref } from "../shared/contact-fields.tsx";
import { DetailEdit } from "../shared/detail.tsx";
import { SavingToolbar } from "../shared/form-layout.tsx";
import { LocalDateField } from "../shared/local-date-field.tsx";
import { openableRows } from "../shared/openable-rows.tsx";
import { HandlingFields, STATUSES, useChoices } from "../shared/request-fields.tsx";

/** Contact requests (D136): appointment, callback or partnership, with status, internal note and handler. */

const CONTACT_KINDS = ["appointment", "callback", "partnership"] as const;
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
      <Datagrid rowClick="edit" bulkActionButtons={false} body={openableRows}>
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
        <PhoneField source="phone" sortable={false} />
        <LocalDateField source="appointment_date" sortable={false} />
        <FunctionField
          source="status"
          render={(r: { status: string }) => translate(`admin.requests.status.${r.status}`)}
        />
      </Datagrid>
    </List>
  );
}

/** "Label: value" under the request's name: what it asks for and when, as the list's columns show it. */
function DetailLine({ field, children }: { field: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Typography>
      {`${translate(`resources.contact-requests.fields.${field}`)}: `}
      {children}
    </Typography>
  );
}

export function ContactDetails() {
  const translate = useTranslate();
  const record = useRecordContext<{
    kind: string;
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    appointment_date: string | null;
    comment: string;
    message: string;
    position: string;
  }>();
  if (!record) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h6">{`${record.first_name} ${record.last_name}`}</Typography>
      <DetailLine field="kind">{translate(`admin.requests.contact_kind.${record.kind}`)}</DetailLine>
      {record.appointment_date ? (
        <DetailLine field="appointment_date">
          <LocalDateField source="appointment_date" />
        </DetailLine>
      ) : null}
      <DetailLine field="created_at">
        <LocalDateField source="created_at" showTime />
      </DetailLine>
      <Typography>
        <a href={`mailto:${record.email}`}>{record.email}</a>,{" "}
        <a href={telHref(record.phone)}>{groupedPhone(record.phone)}</a>
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
      <SimpleForm toolbar={<SavingToolbar />}>
        <ContactDetails />
        <HandlingFields />
      </SimpleForm>
    </DetailEdit>
  );
}
