import { ReferenceInput, required, SelectInput, TextInput, useTranslate } from "react-admin";

/** What visit and contact requests share (D136): their states and the handling fields under each form. */

export const STATUSES = ["new", "in_progress", "done"] as const;
export function useChoices(prefix: string, ids: readonly string[]) {
  const translate = useTranslate();
  return ids.map((id) => ({ id, name: translate(`${prefix}.${id}`) }));
}

function HandlerInput() {
  return (
    <ReferenceInput source="handler" reference="people" filter={{ role: ["staff", "admin"] }}>
      <SelectInput optionText="email" emptyText="—" />
    </ReferenceInput>
  );
}

export function HandlingFields() {
  const statuses = useChoices("admin.requests.status", STATUSES);
  return (
    <>
      <SelectInput source="status" choices={statuses} validate={required()} />
      <TextInput source="note" multiline minRows={3} fullWidth helperText="admin.requests.note_help" />
      <HandlerInput />
    </>
  );
}
