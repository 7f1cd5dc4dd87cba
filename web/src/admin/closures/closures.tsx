import { Stack } from "@mui/material";
import {
  Create,
  Datagrid,
  DateInput,
  FunctionField,
  List,
  ReferenceField,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  useTranslate,
} from "react-admin";
import { CHOICE_ORDER, useChoiceTexts } from "../shared/choice-texts.ts";
import { DetailEdit } from "../shared/detail.tsx";
import { LocalTextField } from "../shared/enum-labels.tsx";
import { SideBySide } from "../shared/form-layout.tsx";
import { LocalDateField } from "../shared/local-date-field.tsx";
import { openableRows } from "../shared/openable-rows.tsx";
import { staffCsv } from "../shared/staff-csv.ts";

/** Holidays and closures per house (D114): dates, the house, and the name in German and Russian side by side. */
function ClosureFields() {
  const choice = useChoiceTexts();
  return (
    <>
      <ReferenceInput source="location_id" reference="locations" sort={CHOICE_ORDER.position}>
        <SelectInput
          optionText={choice.location}
          emptyText="admin.closure_everywhere"
          helperText="admin.closure_location_help"
          fullWidth
        />
      </ReferenceInput>
      <Stack direction="row" spacing={2}>
        <DateInput source="starts_on" validate={required()} />
        <DateInput source="ends_on" validate={required()} />
      </Stack>
      <SideBySide source="name" de />
    </>
  );
}

export function ClosureList() {
  const translate = useTranslate();
  const choice = useChoiceTexts();
  return (
    <List exporter={staffCsv} sort={{ field: "starts_on", order: "DESC" }}>
      <Datagrid rowClick="edit" bulkActionButtons={false} body={openableRows}>
        <LocalDateField source="starts_on" />
        <LocalDateField source="ends_on" />
        <LocalTextField source="name" sortable={false} />
        <ReferenceField
          source="location_id"
          reference="locations"
          emptyText={translate("admin.closure_everywhere")}
        >
          <FunctionField render={choice.location} />
        </ReferenceField>
      </Datagrid>
    </List>
  );
}

export function ClosureCreate() {
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ location_id: null, name: { de: "", ru: "" } }}>
        <ClosureFields />
      </SimpleForm>
    </Create>
  );
}

export function ClosureEdit() {
  return (
    <DetailEdit mutationMode="pessimistic" redirect="list">
      <SimpleForm>
        <ClosureFields />
      </SimpleForm>
    </DetailEdit>
  );
}
