import {
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
import { DetailEdit } from "../shared/detail.tsx";
import { LocalTextField } from "../shared/enum-labels.tsx";
import { DeletingToolbar, SideBySide } from "../shared/form-layout.tsx";
import { openableRows } from "../shared/openable-rows.tsx";
import { staffCsv } from "../shared/staff-csv.ts";

export function CategoryList() {
  return (
    <List
      exporter={staffCsv}
      sort={{ field: "sort_order", order: "ASC" }}
      filters={[<TextInput key="q" source="q" alwaysOn />]}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false} body={openableRows}>
        <LocalTextField source="name" />
        <TextField source="slug" />
        <NumberField source="pages" sortable={false} />
        <NumberField source="sort_order" />
      </Datagrid>
    </List>
  );
}

function CategoryFields() {
  return (
    <>
      <TextInput source="slug" validate={required()} helperText="admin.slug_help" />
      <SideBySide source="name" de />
      <NumberInput source="sort_order" />
    </>
  );
}

export function CategoryCreate() {
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ name: { de: "", ru: "" }, sort_order: 0 }}>
        <CategoryFields />
      </SimpleForm>
    </Create>
  );
}

export function CategoryEdit() {
  return (
    <DetailEdit mutationMode="pessimistic" redirect="list">
      <SimpleForm toolbar={<DeletingToolbar />}>
        <CategoryFields />
      </SimpleForm>
    </DetailEdit>
  );
}
