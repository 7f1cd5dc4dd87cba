import { Stack } from "@mui/material";
import {
  Create,
  Datagrid,
  DateInput,
  List,
  NumberField,
  NumberInput,
  ReferenceField,
  ReferenceInput,
  required,
  SelectInput,
  type SelectInputProps,
  SimpleForm,
} from "react-admin";
import { CHOICE_ORDER, useChoiceTexts } from "../shared/choice-texts.ts";
import { DetailEdit } from "../shared/detail.tsx";
import { LocalTextField } from "../shared/enum-labels.tsx";
import { DeletingToolbar } from "../shared/form-layout.tsx";
import { LocalDateField } from "../shared/local-date-field.tsx";
import { OfferPicker } from "../shared/offer-picker.tsx";
import { openableRows } from "../shared/openable-rows.tsx";
import { staffCsv } from "../shared/staff-csv.ts";

/** Academy weeks of a season (D119): dates, seats (never below those taken) and the offer they belong to. */

/** A season chosen by its name and days in the staff member's language, newest first (D495). */
function SeasonSelect(props: Omit<SelectInputProps, "optionText">) {
  const choice = useChoiceTexts();
  return <SelectInput optionText={choice.season} {...props} />;
}

const weekFilters = [
  <ReferenceInput
    key="season"
    source="season"
    reference="academy-seasons"
    sort={CHOICE_ORDER.season}
    alwaysOn
  >
    <SeasonSelect />
  </ReferenceInput>,
];

export function WeekList() {
  return (
    <List exporter={staffCsv} sort={{ field: "starts_on", order: "ASC" }} filters={weekFilters}>
      <Datagrid rowClick="edit" bulkActionButtons={false} body={openableRows}>
        <ReferenceField source="product_page" reference="products">
          <LocalTextField source="name" sortable={false} />
        </ReferenceField>
        <ReferenceField source="season" reference="academy-seasons">
          <LocalTextField source="name" />
        </ReferenceField>
        <LocalDateField source="starts_on" />
        <LocalDateField source="ends_on" sortable={false} />
        <NumberField source="seats" />
        <NumberField source="seats_taken" sortable={false} />
      </Datagrid>
    </List>
  );
}

function WeekFields() {
  return (
    <>
      <ReferenceInput source="season" reference="academy-seasons" sort={CHOICE_ORDER.season}>
        <SeasonSelect validate={required()} />
      </ReferenceInput>
      <Stack direction="row" spacing={2}>
        <DateInput source="starts_on" validate={required()} />
        <DateInput source="ends_on" validate={required()} />
      </Stack>
      <NumberInput source="seats" min={0} validate={required()} helperText="admin.week_seats_help" />
    </>
  );
}

export function WeekCreate() {
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ seats: 10 }}>
        <OfferPicker filter={{ product_type: "Academy" }} validate={required()} />
        <WeekFields />
      </SimpleForm>
    </Create>
  );
}

/** Seats below those taken are refused by the server with how many are taken, shown at the field. */
export function WeekEdit() {
  return (
    <DetailEdit mutationMode="pessimistic" redirect="list">
      <SimpleForm toolbar={<DeletingToolbar />}>
        <ReferenceField source="product_page" reference="products">
          <LocalTextField source="name" sortable={false} />
        </ReferenceField>
        <NumberField source="seats_taken" />
        <WeekFields />
      </SimpleForm>
    </DetailEdit>
  );
}
