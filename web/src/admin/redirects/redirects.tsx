import { AdminRedirectInputSchema, errorMessage } from "@atelier/contract";
import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  List,
  required,
  SimpleForm,
  TextField,
  TextInput,
} from "react-admin";
import { currentAdminLocale } from "../i18n/i18n-provider.ts";
import { DetailEdit } from "../shared/detail.tsx";
import { DeletingToolbar } from "../shared/form-layout.tsx";
import { LocalDateField } from "../shared/local-date-field.tsx";
import { openableRows } from "../shared/openable-rows.tsx";
import { staffCsv } from "../shared/staff-csv.ts";

/** The contract's rule for a field, so staff read the shop's own message before saving (D189). */
const fieldRule = (field: "from_path" | "target") => (value: string) => {
  const parsed = AdminRedirectInputSchema.shape[field].safeParse(value ?? "");
  return parsed.success
    ? undefined
    : errorMessage(parsed.error.issues[0]?.message ?? "invalid", currentAdminLocale());
};

/**
 * Redirects (D189, spec §2 rule 3): an address of this site, e.g. printed on a flyer or left from the
 * old website, that leads to a page of the shop or to an address elsewhere.
 */
export function RedirectList() {
  return (
    <List
      exporter={staffCsv}
      sort={{ field: "from_path", order: "ASC" }}
      filters={[<TextInput key="q" source="q" alwaysOn />]}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false} body={openableRows}>
        <TextField source="from_path" />
        <TextField source="target" />
        <BooleanField source="external" sortable={false} />
        <BooleanField source="permanent" sortable={false} />
        <TextField source="note" sortable={false} />
        <LocalDateField source="updated_at" showTime />
      </Datagrid>
    </List>
  );
}

function RedirectFields() {
  return (
    <>
      <TextInput
        source="from_path"
        helperText="admin.redirect.from_help"
        validate={[required(), fieldRule("from_path")]}
        fullWidth
      />
      <TextInput
        source="target"
        helperText="admin.redirect.target_help"
        validate={[required(), fieldRule("target")]}
        fullWidth
      />
      <BooleanInput source="permanent" helperText="admin.redirect.permanent_help" />
      <TextInput source="note" helperText="admin.redirect.note_help" multiline fullWidth />
    </>
  );
}

export function RedirectCreate() {
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ from_path: "", target: "", permanent: false, note: "" }}>
        <RedirectFields />
      </SimpleForm>
    </Create>
  );
}

export function RedirectEdit() {
  return (
    <DetailEdit mutationMode="pessimistic" redirect="list">
      <SimpleForm toolbar={<DeletingToolbar />}>
        <RedirectFields />
      </SimpleForm>
    </DetailEdit>
  );
}
