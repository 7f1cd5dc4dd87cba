import { INTL_LOCALES, SCHOOL_TIME_ZONE } from "@atelier/contract";
import { Alert, Typography } from "@mui/material";
import {
  Edit,
  email,
  maxLength,
  NumberInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useLocale,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { adminLocaleOf } from "../i18n/i18n-provider.ts";

/**
 * The school's settings (D243), admins only, from the menu: the seller on invoices, the VAT notes, the
 * school's e-mail and who is told of bookings. One record; saved at the version read, like other edits.
 */

type Settings = { saved_at: string | null; staff_notify_emails: string[] };

function SavedNote() {
  const record = useRecordContext<Settings>();
  const translate = useTranslate();
  const locale = useLocale();
  if (!record) return null;
  if (!record.saved_at) return <Alert severity="info">{translate("admin.settings.from_env")}</Alert>;
  const when = new Intl.DateTimeFormat(INTL_LOCALES[adminLocaleOf(locale)], {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: SCHOOL_TIME_ZONE,
  }).format(new Date(record.saved_at));
  return <Typography color="text.secondary">{translate("admin.settings.saved_at", { when })}</Typography>;
}

/** One address a line, as typed; blank lines and spaces are dropped on save. */
const lines = (value: string[] | undefined) => (value ?? []).join("\n");
const toList = (value: string) => value.split("\n");
const cleaned = (data: Record<string, unknown>) => ({
  ...data,
  staff_notify_emails: ((data.staff_notify_emails as string[] | undefined) ?? [])
    .map((entry) => entry.trim())
    .filter(Boolean),
});

/**
 * Each address on its own line, checked line by line: the first that is none is named with its line and
 * text. The server's answer names only the list's index, which the one text field could not show (D531).
 */
export const emailLines = (value: string[] | undefined) => {
  const entries = (value ?? []).map((entry) => entry.trim());
  const line = entries.findIndex((entry) => entry !== "" && email()(entry, {}) !== undefined);
  return line < 0
    ? undefined
    : { message: "admin.settings.email_line", args: { line: line + 1, value: entries[line] } };
};

const ACCOUNT = /^\d{4,8}$/;
const accountNumber = (value: unknown) =>
  typeof value === "string" && ACCOUNT.test(value.trim())
    ? undefined
    : "admin.settings.datev.account_invalid";

/** The DATEV export's numbers and accounts (D282); the tax adviser gives them. */
function DatevFields() {
  const translate = useTranslate();
  const account = (name: string) => (
    <TextInput
      source={`datev.${name}`}
      label={`admin.settings.datev.${name}`}
      validate={[required(), accountNumber]}
      helperText={`admin.settings.datev.help.${name}`}
      fullWidth
    />
  );
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {translate("admin.settings.datev.title")}
      </Typography>
      <Typography color="text.secondary">{translate("admin.settings.datev.intro")}</Typography>
      <NumberInput
        source="datev.consultant_number"
        label="admin.settings.datev.consultant_number"
        validate={required()}
        min={1001}
        max={9999999}
      />
      <NumberInput
        source="datev.client_number"
        label="admin.settings.datev.client_number"
        validate={required()}
        min={1}
        max={99999}
      />
      <SelectInput
        source="datev.chart"
        label="admin.settings.datev.chart"
        choices={[
          { id: "03", name: "SKR03" },
          { id: "04", name: "SKR04" },
        ]}
        validate={required()}
      />
      <NumberInput
        source="datev.account_length"
        label="admin.settings.datev.account_length"
        validate={required()}
        min={4}
        max={8}
      />
      {account("clearing_account")}
      {account("revenue_taxed_account")}
      {account("revenue_exempt_account")}
      {account("voucher_account")}
    </>
  );
}

export function SchoolSettingsPage() {
  const translate = useTranslate();
  const field = (source: string, max: number, multiline = false) => (
    <TextInput
      source={source}
      validate={[required(), maxLength(max)]}
      helperText={`admin.settings.help.${source}`}
      multiline={multiline}
      fullWidth
    />
  );
  return (
    <Edit
      resource="school-settings"
      id={1}
      mutationMode="pessimistic"
      redirect={false}
      transform={cleaned}
      title={translate("admin.settings.title")}
    >
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
        sx={{ maxWidth: 880 }}
      >
        <SavedNote />
        <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
          {translate("admin.settings.seller_title")}
        </Typography>
        {field("legal_name", 200)}
        {field("address", 300)}
        {field("tax_id", 64)}
        <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
          {translate("admin.settings.vat_title")}
        </Typography>
        {field("vat_note_de", 500, true)}
        {field("vat_note_ru", 500, true)}
        <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
          {translate("admin.settings.mail_title")}
        </Typography>
        <TextInput
          source="school_email"
          type="email"
          validate={[required(), email()]}
          helperText="admin.settings.help.school_email"
          fullWidth
        />
        <TextInput
          source="staff_notify_emails"
          format={lines}
          parse={toList}
          validate={emailLines}
          multiline
          minRows={2}
          helperText="admin.settings.help.staff_notify_emails"
          fullWidth
        />
        <DatevFields />
      </SimpleForm>
    </Edit>
  );
}
