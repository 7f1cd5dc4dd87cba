import {
  Datagrid,
  FunctionField,
  List,
  NumberInput,
  SelectInput,
  TextField,
  useTranslate,
} from "react-admin";
import { LocalDateField } from "./local-date-field.tsx";

const filters = [
  <SelectInput
    key="resource"
    source="resource"
    choices={[{ id: "products" }, { id: "slots" }].map(({ id }) => ({ id, name: id }))}
    alwaysOn
  />,
  <NumberInput key="record" source="record_id" alwaysOn />,
  <NumberInput key="user" source="user" />,
];

/** The audit log, for admins: who changed what, with the values before and after (D98). */
export function AuditList() {
  const translate = useTranslate();
  const json = (value: unknown) => (value === null ? "—" : JSON.stringify(value, null, 1));
  return (
    <List filters={filters} sort={{ field: "at", order: "DESC" }} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <LocalDateField source="at" showTime sortable={false} />
        <TextField source="user_email" sortable={false} />
        <TextField source="resource" sortable={false} />
        <TextField source="record_id" sortable={false} />
        <FunctionField
          source="action"
          sortable={false}
          render={(entry: { action: string }) => translate(`admin.action.${entry.action}`)}
        />
        <FunctionField
          source="before"
          sortable={false}
          render={(entry: { before: unknown }) => (
            <pre style={{ whiteSpace: "pre-wrap", maxWidth: 360, margin: 0 }}>{json(entry.before)}</pre>
          )}
        />
        <FunctionField
          source="after"
          sortable={false}
          render={(entry: { after: unknown }) => (
            <pre style={{ whiteSpace: "pre-wrap", maxWidth: 360, margin: 0 }}>{json(entry.after)}</pre>
          )}
        />
      </Datagrid>
    </List>
  );
}
