import { AdminLocationInputSchema, errorMessage } from "@atelier/contract";
import { Stack } from "@mui/material";
import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  List,
  NumberField,
  NumberInput,
  required,
  SimpleForm,
  TextField,
  TextInput,
} from "react-admin";
import { currentAdminLocale } from "../i18n/i18n-provider.ts";
import { DetailEdit } from "../shared/detail.tsx";
import { LocalTextField } from "../shared/enum-labels.tsx";
import { DeletingToolbar, SideBySide } from "../shared/form-layout.tsx";
import { openableRows } from "../shared/openable-rows.tsx";
import { staffCsv } from "../shared/staff-csv.ts";

/** The contract's rule for a house's phone (D177), so staff read the shop's message before saving. */
const phoneRule = (value: string | null) =>
  AdminLocationInputSchema.shape.phone.safeParse(value).success
    ? undefined
    : errorMessage("invalid_phone", currentAdminLocale());

/**
 * The school's houses (issue 20, D151): the name in German and Russian side by side, the address the shop
 * shows before paying, a map link, the house's phone for the contact block (D177), and whether the shop offers the house as a filter.
 */
export function LocationList() {
  return (
    <List
      exporter={staffCsv}
      sort={{ field: "sort_order", order: "ASC" }}
      filters={[<TextInput key="q" source="q" alwaysOn />]}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false} body={openableRows}>
        <LocalTextField source="name" />
        <TextField source="street" />
        <TextField source="post_code" sortable={false} />
        <TextField source="city" />
        <NumberField source="pages" sortable={false} />
        <NumberField source="closures" sortable={false} />
        <BooleanField source="is_active" />
        <NumberField source="sort_order" />
      </Datagrid>
    </List>
  );
}

function LocationFields() {
  return (
    <>
      <SideBySide source="name" de />
      <TextInput source="street" validate={required()} fullWidth />
      <Stack direction="row" spacing={2}>
        <TextInput source="post_code" validate={required()} />
        <TextInput source="city" validate={required()} />
      </Stack>
      <TextInput
        source="map_url"
        helperText="admin.map_url_help"
        parse={(v: string) => v || null}
        fullWidth
      />
      <TextInput
        source="phone"
        helperText="admin.location_phone_help"
        parse={(v: string) => v || null}
        validate={phoneRule}
      />
      <NumberInput source="sort_order" />
      <BooleanInput source="is_active" helperText="admin.location_active_help" />
    </>
  );
}

export function LocationCreate() {
  return (
    <Create redirect="list">
      <SimpleForm
        defaultValues={{
          name: { de: "", ru: "" },
          city: "Berlin",
          map_url: null,
          phone: null,
          sort_order: 0,
          is_active: true,
        }}
      >
        <LocationFields />
      </SimpleForm>
    </Create>
  );
}

export function LocationEdit() {
  return (
    <DetailEdit mutationMode="pessimistic" redirect="list">
      <SimpleForm toolbar={<DeletingToolbar />}>
        <LocationFields />
      </SimpleForm>
    </DetailEdit>
  );
}
