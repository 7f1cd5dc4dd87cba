import { Stack } from "@mui/material";
import { Create, Datagrid, DateInput, List, NumberField, required, SimpleForm } from "react-admin";
import { DetailEdit } from "../shared/detail.tsx";
import { LocalTextField } from "../shared/enum-labels.tsx";
import { DeletingToolbar, SideBySide } from "../shared/form-layout.tsx";
import { LocalDateField } from "../shared/local-date-field.tsx";
import { openableRows } from "../shared/openable-rows.tsx";
import { staffCsv } from "../shared/staff-csv.ts";

/** Academy seasons (D119); their weeks are `academy-weeks`, the day parts the page's academy purchase options. */

export function SeasonList() {
  return (
    <List exporter={staffCsv} sort={{ field: "starts_on", order: "DESC" }}>
      <Datagrid rowClick="edit" bulkActionButtons={false} body={openableRows}>
        <LocalTextField source="name" />
        <LocalDateField source="starts_on" />
        <LocalDateField source="ends_on" />
        <NumberField source="weeks" sortable={false} />
      </Datagrid>
    </List>
  );
}

function SeasonFields() {
  return (
    <>
      <SideBySide source="name" de />
      <Stack direction="row" spacing={2}>
        <DateInput source="starts_on" validate={required()} />
        <DateInput source="ends_on" validate={required()} />
      </Stack>
    </>
  );
}

export function SeasonCreate() {
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ name: { de: "", ru: "" } }}>
        <SeasonFields />
      </SimpleForm>
    </Create>
  );
}

export function SeasonEdit() {
  return (
    <DetailEdit mutationMode="pessimistic" redirect="list">
      <SimpleForm toolbar={<DeletingToolbar />}>
        <SeasonFields />
      </SimpleForm>
    </DetailEdit>
  );
}
