import { type AdminPersonDetail, berlinDateTimeText, euroText } from "@atelier/contract";
import {
  Box,
  Button,
  MenuItem,
  Link as MuiLink,
  TextField as MuiTextField,
  Stack,
  Typography,
} from "@mui/material";
import { useState } from "react";
import {
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  SimpleShowLayout,
  TextField,
  TextInput,
  useDataProvider,
  useGetList,
  useNotify,
  usePermissions,
  useRecordContext,
  useRedirect,
  useRefresh,
  useTranslate,
} from "react-admin";
import { Link } from "react-router-dom";
import { currentAdminLocale } from "../i18n/i18n-provider.ts";
import type { AdminDataProvider } from "../providers/data-provider.ts";
import { downloadFile } from "../shared/attendance-api.ts";
import { EmailField, PhoneField } from "../shared/contact-fields.tsx";
import { DetailShow } from "../shared/detail.tsx";
import { EnumField, useEnumLabel } from "../shared/enum-labels.tsx";
import { openableRows } from "../shared/openable-rows.tsx";
import { failureText } from "../shared/use-staff-action.ts";
import { type Child, ChildCorrection } from "./child-correction.tsx";
import { EmailChangeLink } from "./email-change-link.tsx";
import { FamilyCredits } from "./family-credits.tsx";
import { ParentCorrection } from "./parent-correction.tsx";
import { PreviousEmails } from "./previous-emails.tsx";

/** People (D138, D139): find a parent, see their family; admins change roles and erase a family. */

type Person = {
  id: number;
  email: string;
  role: "customer" | "instructor" | "staff" | "admin";
  /** The instructor record of an `instructor` account (D380). */
  instructor: number | null;
  children: Child[];
  orders: { id: number; status: string; total_checkout_cents: number; paid_at: string | null }[];
  requests: { id: number; kind: string; status: string; date: string | null }[];
};

export function PersonList() {
  const filters = [<TextInput key="q" source="q" alwaysOn />];
  return (
    <List filters={filters} sort={{ field: "id", order: "DESC" }} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false} body={openableRows}>
        <TextField source="id" />
        <FunctionField
          source="last_name"
          render={(p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`}
        />
        <EmailField source="email" />
        <PhoneField source="phone_number" sortable={false} />
        <EnumField source="role" enumName="role" />
      </Datagrid>
    </List>
  );
}

function Family() {
  const person = useRecordContext<Person>();
  const translate = useTranslate();
  const label = useEnumLabel();
  if (!person) return null;
  const euro = (cents: number) => euroText(cents, currentAdminLocale());
  const day = (iso: string) => berlinDateTimeText(iso, currentAdminLocale());
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="subtitle1">{translate("resources.people.fields.children")}</Typography>
        {person.children.map((c) => (
          <Box key={c.id}>
            <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
              <Typography>{`${c.first_name} ${c.last_name} (${day(c.birth_date)})`}</Typography>
              <ChildCorrection parent={person.id} child={c} />
            </Stack>
            {c.notes ? (
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: "pre-wrap" }}>
                {`${translate("admin.people.child_notes")}: ${c.notes}`}
              </Typography>
            ) : null}
          </Box>
        ))}
      </Box>
      <Box>
        <Typography variant="subtitle1">{translate("resources.people.fields.orders")}</Typography>
        {person.orders.map((o) => (
          <Typography key={o.id}>
            <MuiLink component={Link} to={`/orders/${o.id}/show`}>
              {`${translate("resources.orders.name", { smart_count: 1 })} ${o.id}`}
            </MuiLink>
            {` · ${label("order_status", o.status)} · ${euro(o.total_checkout_cents)}`}
            {o.paid_at ? ` · ${day(o.paid_at)}` : ""}
          </Typography>
        ))}
      </Box>
      <Box>
        <Typography variant="subtitle1">{translate("resources.people.fields.requests")}</Typography>
        {person.requests.map((r) => (
          <Typography key={r.id}>
            {/* A person's requests are their visit requests (trial lesson, waiting list, …): D289. */}
            <MuiLink component={Link} to={`/visit-requests/${r.id}`}>
              {translate(`admin.requests.kind.${r.kind}`)}
            </MuiLink>
            {` · ${translate(`admin.requests.status.${r.status}`)}${r.date ? ` · ${day(r.date)}` : ""}`}
          </Typography>
        ))}
      </Box>
      <FamilyCredits user={person.id} />
    </Stack>
  );
}

/** The roles an admin grants (D241): `admin` too; the server keeps the last admin one. */
const ROLES: readonly Person["role"][] = ["customer", "instructor", "staff", "admin"];

/** Which instructor record an `instructor` account teaches as (D380): the catalogue's instructors. */
function InstructorChoice({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (id: number) => void;
  /** The server's word on the choice (none made), shown at the field (D604). */
  error?: string | undefined;
}) {
  const translate = useTranslate();
  const { data } = useGetList<{ id: number; label: string }>("instructors", {
    pagination: { page: 1, perPage: 100 },
    sort: { field: "last_name", order: "ASC" },
  });
  return (
    <MuiTextField
      select
      label={translate("admin.roles.instructor_record")}
      value={value ?? ""}
      onChange={(event) => onChange(Number(event.target.value))}
      error={Boolean(error)}
      helperText={error ?? translate("admin.roles.instructor_help")}
      sx={{ minWidth: 280, maxWidth: 520 }}
    >
      {(data ?? []).map((one) => (
        <MenuItem key={one.id} value={one.id}>
          {one.label}
        </MenuItem>
      ))}
    </MuiTextField>
  );
}

/** Admins only: the role, and erasure with the account's e-mail typed as confirmation. */
function AdminActions() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const person = useRecordContext<Person>();
  const { permissions } = usePermissions();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const [confirmEmail, setConfirmEmail] = useState("");
  const [roleChoice, setRoleChoice] = useState<Person["role"] | null>(null);
  const [instructorChoice, setInstructorChoice] = useState<number | null>(null);
  // A refusal of the role's save at its fields, as the server names them (`role`, `instructor`).
  const [roleErrors, setRoleErrors] = useState<{ role?: string; instructor?: string }>({});
  if (!person || permissions !== "admin") return null;
  const role = roleChoice ?? person.role;
  const instructor = instructorChoice ?? person.instructor;
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify(done, { type: "success" });
      return true;
    } catch (error) {
      notify((error as Error).message, { type: "error" });
      return false;
    }
  };
  const setRole = async (role: Person["role"]) => {
    const body = role === "instructor" ? { role, instructor } : { role };
    setRoleErrors({});
    const saved = await run(
      () =>
        dataProvider.setPersonRole(person.id, body).catch((error: unknown) => {
          const fields = (error as { body?: { errors?: { role?: string; instructor?: string } } }).body;
          setRoleErrors(fields?.errors ?? {});
          throw error;
        }),
      "admin.people.role_saved",
    );
    if (saved) {
      setRoleChoice(null);
      setInstructorChoice(null);
      refresh();
    }
  };
  const erase = async () => {
    const ok = await run(() => dataProvider.erasePerson(person.id, confirmEmail), "admin.people.erased");
    if (ok) redirect("list", "people");
  };
  return (
    <Stack spacing={3} sx={{ mt: 3 }}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: "flex-start" }}>
        <MuiTextField
          select
          label={translate("admin.roles.label")}
          value={role}
          onChange={(event) => {
            setRoleChoice(event.target.value as Person["role"]);
            setRoleErrors({});
          }}
          error={Boolean(roleErrors.role)}
          helperText={roleErrors.role ?? translate("admin.roles.help")}
          sx={{ minWidth: 280, maxWidth: 520 }}
        >
          {ROLES.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {translate(`admin.roles.${choice}`)}
            </MenuItem>
          ))}
        </MuiTextField>
        {role === "instructor" ? (
          <InstructorChoice
            value={instructor}
            error={roleErrors.instructor}
            onChange={(id) => {
              setInstructorChoice(id);
              setRoleErrors({});
            }}
          />
        ) : null}
        <Button
          variant="outlined"
          onClick={() => setRole(role)}
          disabled={role === person.role && (role !== "instructor" || instructor === person.instructor)}
        >
          {translate("admin.roles.save")}
        </Button>
      </Stack>
      <Box component="section" aria-labelledby="erase-title">
        <Typography id="erase-title" variant="subtitle1" color="error">
          {translate("admin.people.erase_title")}
        </Typography>
        <Typography sx={{ mb: 1 }}>{translate("admin.people.erase_text")}</Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: "flex-start" }}>
          <MuiTextField
            label={translate("admin.people.erase_confirm", { email: person.email })}
            value={confirmEmail}
            onChange={(event) => setConfirmEmail(event.target.value)}
            autoComplete="off"
          />
          <Button
            variant="contained"
            color="error"
            onClick={erase}
            disabled={confirmEmail.trim().toLowerCase() !== person.email.toLowerCase()}
          >
            {translate("admin.people.erase_button")}
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
}

/**
 * A family's data as one JSON file (D560): what staff send a parent who asks under Art. 15 or 20 GDPR, the
 * same file the parent can download in the profile. The download is in the audit log.
 */
function DataExportButton() {
  const person = useRecordContext<Person>();
  const translate = useTranslate();
  const notify = useNotify();
  if (person?.role !== "customer") return null;
  return (
    <Box component="section" aria-labelledby="data-export-title" sx={{ my: 1 }}>
      <Typography id="data-export-title" variant="subtitle1">
        {translate("admin.people.data_export_title")}
      </Typography>
      <Typography sx={{ mb: 1 }}>{translate("admin.people.data_export_text")}</Typography>
      <Button
        variant="outlined"
        onClick={() =>
          downloadFile(`people/${person.id}/data-export/`).catch((failure: unknown) =>
            notify(failureText(failure), { type: "error" }),
          )
        }
      >
        {translate("admin.people.data_export_button")}
      </Button>
    </Box>
  );
}

/** A phone booking for this parent: the form opens with them chosen (issue 29). */
function PhoneBookingButton() {
  const person = useRecordContext<Person>();
  if (person?.role !== "customer") return null;
  return (
    <CreateButton
      resource="staff-orders"
      label="admin.staff_orders.for_person"
      state={{ record: { parent: person.id } }}
      variant="contained"
    />
  );
}

/** The parent's address as an invoice prints it, one line; "—" when the family has given none. */
function addressOf(person: AdminPersonDetail): string {
  const place = [person.post_code, person.city].filter(Boolean).join(" ");
  const line = [person.company_name, person.street, place, person.country].filter(Boolean).join(", ");
  return line || "—";
}

export function PersonShow() {
  return (
    <DetailShow>
      <SimpleShowLayout>
        <EmailField source="email" />
        <PreviousEmails />
        <FunctionField
          source="last_name"
          render={(p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`}
        />
        <PhoneField source="phone_number" />
        <FunctionField source="street" label="admin.people.address" render={addressOf} />
        <EnumField source="role" enumName="role" />
        <ParentCorrection />
        <EmailChangeLink />
        <PhoneBookingButton />
        <Family />
        <DataExportButton />
        <AdminActions />
      </SimpleShowLayout>
    </DetailShow>
  );
}
