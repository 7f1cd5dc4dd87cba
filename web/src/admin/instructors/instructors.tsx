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
  useTranslate,
} from "react-admin";
import { DetailEdit } from "../shared/detail.tsx";
import { DeletingToolbar, SideBySide } from "../shared/form-layout.tsx";
import { openableRows } from "../shared/openable-rows.tsx";
import { staffCsv } from "../shared/staff-csv.ts";

const instructorFilters = [<TextInput key="q" source="q" alwaysOn />];

export function InstructorList() {
  return (
    <List exporter={staffCsv} sort={{ field: "sort_order", order: "ASC" }} filters={instructorFilters}>
      <Datagrid rowClick="edit" bulkActionButtons={false} body={openableRows}>
        <TextField source="first_name" />
        <TextField source="last_name" />
        <TextField source="slug" />
        <NumberField source="pages" sortable={false} />
        <BooleanField source="is_published" />
        <NumberField source="sort_order" />
      </Datagrid>
    </List>
  );
}

function InstructorFields() {
  const translate = useTranslate();
  return (
    <>
      <TextInput source="slug" validate={required()} helperText="admin.slug_help" />
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ width: "100%" }}>
        <TextInput source="first_name" validate={required()} fullWidth />
        <TextInput source="last_name" validate={required()} fullWidth />
      </Stack>
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ width: "100%" }}>
        <TextInput source="first_name_ru" helperText="admin.name_ru_help" fullWidth />
        <TextInput source="last_name_ru" helperText="admin.name_ru_help" fullWidth />
      </Stack>
      <SideBySide source="job" />
      <SideBySide source="subject" />
      <SideBySide source="bio" multiline />
      <TextInput source="photo" helperText={translate("admin.photo_help")} fullWidth />
      <Stack direction="row" spacing={2}>
        <NumberInput source="sort_order" />
        <BooleanInput source="is_published" />
      </Stack>
    </>
  );
}

/** Empty Russian spellings are sent as null: the shop then shows the Latin name (D64). */
const nullRuNames = (data: Record<string, unknown>) => ({
  ...data,
  first_name_ru: data.first_name_ru ? data.first_name_ru : null,
  last_name_ru: data.last_name_ru ? data.last_name_ru : null,
  photo: data.photo ?? "",
});

export function InstructorCreate() {
  const empty = { de: "", ru: "" };
  return (
    <Create redirect="list" transform={nullRuNames}>
      <SimpleForm
        defaultValues={{
          job: empty,
          subject: empty,
          bio: empty,
          photo: "",
          sort_order: 0,
          is_published: true,
        }}
      >
        <InstructorFields />
      </SimpleForm>
    </Create>
  );
}

export function InstructorEdit() {
  return (
    <DetailEdit mutationMode="pessimistic" redirect="list" transform={nullRuNames}>
      <SimpleForm toolbar={<DeletingToolbar />}>
        <InstructorFields />
      </SimpleForm>
    </DetailEdit>
  );
}
