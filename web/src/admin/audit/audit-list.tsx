import {
  AUDIT_AREAS,
  AUDIT_LONG_LIST,
  type AuditArea,
  type AuditEntry,
  type AuditFold,
  INTL_LOCALES,
} from "@atelier/contract";
import { Box, Link as MuiLink } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import {
  AutocompleteInput,
  Datagrid,
  FunctionField,
  List,
  ReferenceInput,
  SelectInput,
  useDataProvider,
  useGetManyAggregate,
  useLocaleState,
  useTranslate,
} from "react-admin";
import { Link } from "react-router-dom";
import { adminLocaleOf } from "../i18n/i18n-provider.ts";
import { useEnumChoices, useEnumLabel } from "../shared/enum-labels.tsx";
import { LocalDateField } from "../shared/local-date-field.tsx";
import {
  type AuditChange,
  auditChanges,
  auditFieldLabel,
  auditValueText,
  foldOf,
  listGlimpse,
} from "./audit-changes.ts";

/** Screens whose records open as a read-only page (`/show`) rather than a form. */
const SHOWN = new Set(["people", "orders"]);

const orderOf = (value: unknown) =>
  typeof value === "object" && value !== null && typeof (value as { order?: unknown }).order === "number"
    ? (value as { order: number }).order
    : null;

/**
 * Where the entry's record is in the back office: its own page, or its order for an order's parts (a
 * refund, a mail, an item, a document); none for a deleted record or one without a page.
 */
export function auditRecordPath(
  entry: Pick<AuditEntry, "resource" | "record_id" | "action" | "before" | "after">,
) {
  const area = AUDIT_AREAS[entry.resource as AuditArea];
  if (!area) return null;
  if (area.screen === null) {
    const order = orderOf(entry.after) ?? orderOf(entry.before);
    return order === null ? null : `/orders/${order}/show`;
  }
  if (entry.action === "delete") return null;
  return SHOWN.has(area.screen)
    ? `/${area.screen}/${entry.record_id}/show`
    : `/${area.screen}/${entry.record_id}`;
}

function Who({ entry }: { entry: AuditEntry }) {
  return (
    <Box>
      {entry.user_name ? <div>{entry.user_name}</div> : null}
      <MuiLink href={`mailto:${entry.user_email}`} onClick={(event) => event.stopPropagation()}>
        {entry.user_email}
      </MuiLink>
    </Box>
  );
}

function Which({ entry }: { entry: AuditEntry }) {
  const label = useEnumLabel();
  const translate = useTranslate();
  const path = auditRecordPath(entry);
  const number = translate("admin.audit.record", { id: entry.record_id });
  return (
    <Box>
      <div>{label("audit_area", entry.resource)}</div>
      {entry.action === "export" ? null : path ? (
        <MuiLink component={Link} to={path}>
          {number}
        </MuiLink>
      ) : (
        <span>{number}</span>
      )}
    </Box>
  );
}

/**
 * The whole of a long list, folded away (D417). A list the log's page sent as its glimpse (D423) is fetched
 * whole, once, when the reader unfolds it; react-admin's own record cache holds the glimpse, so not through it.
 */
function WholeList({
  entry,
  side,
  field,
  isFolded,
  values,
  text,
}: {
  entry: AuditEntry;
  side: AuditFold["side"];
  field: string;
  /** Sent as its glimpse: `values` are then only its first and last, and the whole is fetched. */
  isFolded: boolean;
  values: unknown[];
  text: (value: unknown) => string;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const [open, setOpen] = useState(false);
  const whole = useQuery({
    queryKey: ["audit", "whole", entry.id],
    queryFn: async () => (await dataProvider.getOne<AuditEntry>("audit", { id: entry.id })).data,
    enabled: open && isFolded,
    staleTime: Number.POSITIVE_INFINITY,
    // A failure is said at once; closing and opening the list again asks again.
    retry: false,
  });
  const fetched = whole.data?.[side];
  const list = !isFolded
    ? values
    : typeof fetched === "object" && fetched !== null && !Array.isArray(fetched)
      ? (fetched as Record<string, unknown>)[field]
      : undefined;
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{translate("admin.audit.list_all")}</summary>
      <span aria-live="polite">
        {Array.isArray(list)
          ? list.map(text).join(", ")
          : whole.isError
            ? translate("admin.audit.list_failed")
            : whole.isSuccess
              ? // The entry's values were erased with its person since the page was read (D139).
                translate("admin.audit.no_values")
              : open
                ? translate("admin.audit.list_loading")
                : null}
      </span>
    </details>
  );
}

/** Fields that hold a person's account: their name is read from the people list, not the number. */
const PERSON_FIELDS = new Set(["handler", "checked_in_by", "issued_by"]);

/**
 * A staff member named by their account (a request's handler, who checked a child in): the name, else the
 * e-mail; the number only while it is read or for an account that is gone. Reads of one page are one call.
 */
function PersonName({ id }: { id: number }) {
  const translate = useTranslate();
  const { data } = useGetManyAggregate<{
    id: number;
    first_name?: string;
    last_name?: string;
    email?: string;
  }>("people", { ids: [id] });
  const person = data?.find((one) => one.id === id);
  const name = person ? `${person.first_name ?? ""} ${person.last_name ?? ""}`.trim() || person.email : null;
  return <>{name || translate("admin.audit.person_number", { id })}</>;
}

/** "Preis: 79,00 € → 89,00 €", one line per changed field; a long list by its count, folded (D417, D423). */
export function AuditChangesCell({ entry }: { entry: AuditEntry }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = adminLocaleOf(locale);
  const words = { yes: translate("admin.words.yes"), no: translate("admin.words.no") };
  const fieldLabel = (field: string) => auditFieldLabel(translate, entry.resource, field);
  const text = (change: AuditChange, value: unknown) =>
    auditValueText(change.field, value, language, words, entry.resource, fieldLabel);
  const shown = (change: AuditChange, side: AuditFold["side"], value: unknown): ReactNode => {
    if (PERSON_FIELDS.has(change.field) && typeof value === "number") return <PersonName id={value} />;
    const fold = foldOf(entry.folded, side, change.field);
    if (!Array.isArray(value) || (!fold && value.length <= AUDIT_LONG_LIST)) return text(change, value);
    const count = fold?.count ?? value.length;
    return (
      <>
        {translate("admin.audit.list_count", {
          smart_count: count,
          count: new Intl.NumberFormat(INTL_LOCALES[language]).format(count),
        })}{" "}
        ({listGlimpse(value.map((item) => text(change, item)))})
        <WholeList
          entry={entry}
          side={side}
          field={change.field}
          isFolded={fold !== undefined}
          values={value}
          text={(item) => text(change, item)}
        />
      </>
    );
  };
  const changes = auditChanges(entry.before, entry.after, entry.folded);
  if (changes.length === 0) {
    return (
      <span>{entry.before === null && entry.after === null ? translate("admin.audit.no_values") : "—"}</span>
    );
  }
  return (
    <Box component="ul" sx={{ m: 0, pl: 2, maxWidth: 520, overflowWrap: "anywhere" }}>
      {changes.map((change) => (
        <li key={change.field}>
          {change.field ? `${fieldLabel(change.field)}: ` : ""}
          {entry.action === "create" || entry.action === "export" ? (
            shown(change, "after", change.after)
          ) : entry.action === "delete" ? (
            shown(change, "before", change.before)
          ) : (
            <>
              {shown(change, "before", change.before)} → {shown(change, "after", change.after)}
            </>
          )}
        </li>
      ))}
    </Box>
  );
}

function useAuditFilters() {
  const areas = useEnumChoices("audit_area");
  return [
    <SelectInput key="resource" source="resource" choices={areas} alwaysOn />,
    <ReferenceInput key="user" source="user" reference="people" alwaysOn>
      <AutocompleteInput
        optionText={(person: { first_name: string; last_name: string; email: string }) =>
          `${`${person.first_name} ${person.last_name}`.trim()} (${person.email})`
        }
        filterToQuery={(q: string) => ({ q })}
        sx={{ minWidth: 280 }}
      />
    </ReferenceInput>,
  ];
}

/** The audit log, for admins (D98, D288): who, when in Berlin time, which record, what changed, as words. */
export function AuditList() {
  const label = useEnumLabel();
  const filters = useAuditFilters();
  return (
    <List filters={filters} sort={{ field: "at", order: "DESC" }} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <LocalDateField source="at" showTime sortable={false} />
        <FunctionField
          source="user_email"
          sortable={false}
          render={(entry: AuditEntry) => <Who entry={entry} />}
        />
        <FunctionField
          source="resource"
          sortable={false}
          render={(entry: AuditEntry) => <Which entry={entry} />}
        />
        <FunctionField
          source="action"
          sortable={false}
          render={(entry: AuditEntry) => label("audit_action", entry.action)}
        />
        <FunctionField
          source="after"
          sortable={false}
          render={(entry: AuditEntry) => <AuditChangesCell entry={entry} />}
        />
      </Datagrid>
    </List>
  );
}
