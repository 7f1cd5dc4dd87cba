import { berlinDateTimeText } from "@atelier/contract";
import { Button, Stack } from "@mui/material";
import {
  Create,
  Datagrid,
  DateInput,
  DeleteButton,
  FunctionField,
  type Identifier,
  Labeled,
  List,
  NullableBooleanInput,
  NumberField,
  NumberInput,
  type RaRecord,
  ReferenceField,
  ReferenceInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { Link, useSearchParams } from "react-router-dom";
import { adminLocaleOf } from "../i18n/i18n-provider.ts";
import { DetailEdit } from "../shared/detail.tsx";
import { LocalTextField } from "../shared/enum-labels.tsx";
import { LocalDateField } from "../shared/local-date-field.tsx";
import { OfferPicker } from "../shared/offer-picker.tsx";
import { openableRows } from "../shared/openable-rows.tsx";
import { staffCsv } from "../shared/staff-csv.ts";

function useWeekdayChoices() {
  const translate = useTranslate();
  return [0, 1, 2, 3, 4, 5, 6].map((id) => ({ id, name: translate(`admin.weekdays.${id}`) }));
}

/**
 * A time as staff type it: "16:30", "9:30", "9.30" or "9.30 Uhr" (D531); saved as HH:MM. Anything else is
 * named as a time to write, not as a missing value.
 */
const TYPED_TIME = /^\s*([01]?\d|2[0-3])[:.]([0-5]\d)\s*(uhr)?\s*$/i;
export const timeOf = (typed: unknown): string | undefined => {
  const match = typeof typed === "string" ? TYPED_TIME.exec(typed) : null;
  return match ? `${(match[1] ?? "").padStart(2, "0")}:${match[2]}` : undefined;
};
export const time = (value: unknown) =>
  typeof value !== "string" || value.trim() === ""
    ? "ra.validation.required"
    : timeOf(value) === undefined
      ? "admin.slot.time_format"
      : undefined;

/**
 * A slot's weekday, or its date when it is a single session. Datagrid takes a column's header and sort from
 * the element's own props, so the lists pass `source` and `label` (D495): without them the column had none.
 */
function WeekdayOrDate(_column: { source: "weekday"; label: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <FunctionField
      source="weekday"
      render={(slot: { weekday: number | null; date: string | null }) =>
        slot.weekday === null
          ? slot.date && berlinDateTimeText(slot.date, adminLocaleOf(locale))
          : translate(`admin.weekdays.${slot.weekday}`)
      }
    />
  );
}

/** The slots of one page, in its edit form's schedule tab. */
export function SlotsOfPage() {
  const page = useRecordContext();
  const translate = useTranslate();
  return (
    <>
      <Datagrid rowClick="edit" bulkActionButtons={false} body={openableRows}>
        <WeekdayOrDate source="weekday" label="admin.weekday_or_date" />
        <TextField source="start" />
        <TextField source="end" sortable={false} />
        <NumberField source="seats" />
        <NumberField source="seats_taken" sortable={false} />
        <LocalDateField source="archived_at" emptyText="—" sortable={false} />
      </Datagrid>
      <Button component={Link} to={`/slots/create?source=${JSON.stringify({ product_page: page?.id })}`}>
        {translate("admin.add_slot")}
      </Button>
    </>
  );
}

/** Archived slots (kept for their bookings, D111) are hidden until staff ask for them. */
const slotFilters = [<NullableBooleanInput key="archived" source="archived" alwaysOn />];

export function SlotList() {
  return (
    <List
      exporter={staffCsv}
      sort={{ field: "id", order: "DESC" }}
      filters={slotFilters}
      filterDefaultValues={{ archived: false }}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false} body={openableRows}>
        <TextField source="id" />
        <ReferenceField source="product_page" reference="products">
          <LocalTextField source="name" sortable={false} />
        </ReferenceField>
        <WeekdayOrDate source="weekday" label="admin.weekday_or_date" />
        <TextField source="start" />
        <TextField source="end" sortable={false} />
        <NumberField source="seats" />
        <NumberField source="seats_taken" sortable={false} />
        <LocalDateField source="archived_at" emptyText="—" sortable={false} />
      </Datagrid>
    </List>
  );
}

function SlotFields({ withPage }: { withPage: boolean }) {
  const weekdays = useWeekdayChoices();
  return (
    <>
      {withPage ? <OfferPicker /> : null}
      <SelectInput source="weekday" choices={weekdays} emptyText="—" />
      <DateInput source="date" />
      <TextInput source="start" validate={time} />
      <TextInput source="end" validate={time} />
      <NumberInput source="seats" min={0} />
      <ReferenceInput source="instructor" reference="instructors">
        <SelectInput optionText="label" emptyText="—" />
      </ReferenceInput>
    </>
  );
}

/** An empty weekday or date is null for the API (exactly one of them is set). */
const nullsForEmpty = (data: Record<string, unknown>) => ({
  ...data,
  start: timeOf(data.start) ?? data.start,
  end: timeOf(data.end) ?? data.end,
  weekday: data.weekday === "" || data.weekday === undefined ? null : data.weekday,
  date: data.date === "" || data.date === undefined ? null : data.date,
  instructor: data.instructor === "" || data.instructor === undefined ? null : data.instructor,
});

/** The path of an offer's "Termine" tab, where "Termin hinzufügen" starts and a new slot goes back to. */
export const SCHEDULE_TAB = "schedule";

/**
 * A new slot: from an offer's "Termine" tab it goes back to that tab, where staff were (D495); from the
 * slots list, back to the list.
 */
export function SlotCreate() {
  const [params] = useSearchParams();
  const fromOffer = params.has("source");
  return (
    <Create
      transform={nullsForEmpty}
      redirect={
        fromOffer
          ? (_resource?: string, _id?: Identifier, data?: Partial<RaRecord>) =>
              `products/${data?.product_page}/${SCHEDULE_TAB}`
          : "list"
      }
    >
      <SimpleForm defaultValues={{ weekday: null, date: null, instructor: null, seats: 10 }}>
        <SlotFields withPage />
      </SimpleForm>
    </Create>
  );
}

/**
 * The server deletes a slot nobody booked and archives one with bookings (D111); the button says both,
 * and waits for the server, so the list shows what really happened.
 */
function SlotEditToolbar() {
  return (
    <Toolbar sx={{ justifyContent: "space-between" }}>
      <SaveButton />
      <DeleteButton mutationMode="pessimistic" label="admin.slot_remove" />
    </Toolbar>
  );
}

/** The slot's offer, named and linked, so the page says which course's slot this is (D289). */
function SlotOffer() {
  const slot = useRecordContext<{ product_page: number }>();
  if (!slot) return null;
  return (
    <Labeled source="product_page">
      <ReferenceField source="product_page" reference="products" link="edit">
        <LocalTextField source="name" sortable={false} variant="h6" component="span" />
      </ReferenceField>
    </Labeled>
  );
}

export function SlotEdit() {
  return (
    <DetailEdit mutationMode="pessimistic" transform={nullsForEmpty}>
      <SimpleForm toolbar={<SlotEditToolbar />}>
        <SlotOffer />
        <Stack direction="row" spacing={4}>
          <Labeled source="seats_taken">
            <NumberField source="seats_taken" />
          </Labeled>
          <Labeled source="archived_at">
            <LocalDateField source="archived_at" emptyText="—" />
          </Labeled>
        </Stack>
        <SlotFields withPage={false} />
      </SimpleForm>
    </DetailEdit>
  );
}
