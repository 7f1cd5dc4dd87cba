import {
  BOOKING_RULES,
  PARTY_CHILDREN_MAX,
  type ProductType,
  SCHEDULE_TYPES_OF_PRODUCT,
  type ScheduleType,
} from "@atelier/contract";
import { Button, Stack } from "@mui/material";
import { useEffect } from "react";
import {
  BooleanInput,
  Create,
  Datagrid,
  FunctionField,
  Labeled,
  List,
  NumberField,
  NumberInput,
  ReferenceField,
  required,
  SelectInput,
  SimpleForm,
  useGetOne,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { useFormContext, useWatch } from "react-hook-form";
import { Link } from "react-router-dom";
import { DetailEdit } from "../shared/detail.tsx";
import { EnumField, useEnumChoices, useLocalText, YesNoField } from "../shared/enum-labels.tsx";
import { DeletingToolbar, SideBySide } from "../shared/form-layout.tsx";
import { MoneyField, MoneyInput, PriceGuardSaveButton } from "../shared/money-input.tsx";
import { OfferPicker } from "../shared/offer-picker.tsx";
import { openableRows } from "../shared/openable-rows.tsx";
import { staffCsv } from "../shared/staff-csv.ts";

/** Prices are integer cents on the wire; staff read and type euros ("89,00") in the money field (D231). */

const optionFilters = [<OfferPicker key="product_page" alwaysOn />];

/** Purchase options and prices (D118); filtered by product page, as the page's edit form links to them. */
export function PurchaseOptionList() {
  const localText = useLocalText();
  const name = (record: { name: { de: string; ru?: string | null } }) => localText(record.name);
  return (
    <List exporter={staffCsv} sort={{ field: "product_page", order: "ASC" }} filters={optionFilters}>
      <Datagrid rowClick="edit" bulkActionButtons={false} body={openableRows}>
        <ReferenceField source="product_page" reference="products">
          <FunctionField render={name} />
        </ReferenceField>
        <FunctionField source="name" sortable={false} render={name} />
        <EnumField source="schedule_type" enumName="schedule_type" />
        <MoneyField source="base_price_cents" />
        <YesNoField source="is_recurring" sortable={false} />
        <NumberField source="bookings" sortable={false} />
        <NumberField source="sort_order" />
      </Datagrid>
    </List>
  );
}

/** The prices of one page, in its edit form's prices tab (issue 29: the product page as the hub). */
export function PricesOfPage() {
  const page = useRecordContext();
  const translate = useTranslate();
  const localText = useLocalText();
  const name = (record: { name: { de: string; ru?: string | null } }) => localText(record.name);
  return (
    <>
      <Datagrid rowClick="edit" bulkActionButtons={false} body={openableRows}>
        <FunctionField source="name" sortable={false} render={name} />
        <EnumField source="schedule_type" enumName="schedule_type" />
        <MoneyField source="base_price_cents" />
        <YesNoField source="is_recurring" sortable={false} />
        <NumberField source="bookings" sortable={false} />
      </Datagrid>
      <Button
        component={Link}
        to={`/purchase-options/create?source=${JSON.stringify({ product_page: page?.id })}`}
      >
        {translate("admin.add_price")}
      </Button>
    </>
  );
}

export function OptionFields() {
  const translate = useTranslate();
  // Only a birthday package is asked for with a number of children (the server refuses a limit elsewhere).
  const isParty = useWatch({ name: "schedule_type" }) === "BirthdayPackage";
  // A kind changed away from a party package takes its hidden limit back, or the server would refuse it.
  const { setValue } = useFormContext();
  useEffect(() => {
    if (!isParty) setValue("max_children", null);
  }, [isParty, setValue]);
  return (
    <>
      <SideBySide source="name" de />
      <MoneyInput
        source="base_price_cents"
        label={translate("resources.purchase-options.fields.price_eur")}
        helperText="admin.price_help"
        minCents={0}
        validate={required()}
      />
      <Stack direction={{ xs: "column", md: "row" }} spacing={2}>
        <NumberInput source="number_of_meetings" min={1} />
        <NumberInput source="meetings_per_week" min={1} max={7} />
        <NumberInput source="sort_order" />
      </Stack>
      {isParty ? (
        <NumberInput
          source="max_children"
          min={1}
          max={PARTY_CHILDREN_MAX}
          step={1}
          helperText="admin.max_children_help"
        />
      ) : null}
    </>
  );
}

const nullsForEmpty = (data: Record<string, unknown>) => ({
  ...data,
  number_of_meetings: data.number_of_meetings === "" ? null : (data.number_of_meetings ?? null),
  meetings_per_week: data.meetings_per_week === "" ? null : (data.meetings_per_week ?? null),
  max_children: data.max_children === "" ? null : (data.max_children ?? null),
});

/**
 * A new option's values: a renewal the kind does not have is "no" (its switch is disabled, and react-hook-form
 * leaves a disabled field out of what it submits; the server asks for it).
 */
const forCreate = (data: Record<string, unknown>) => ({
  ...nullsForEmpty(data),
  is_recurring: data.is_recurring === true,
});

/**
 * The kind of the new option, chosen among those the picked offer's kind sells (D587); monthly renewal
 * offered only for a course's subscription. The server refuses any other combination too.
 */
function OptionKindInputs() {
  const scheduleTypes = useEnumChoices("schedule_type");
  const pageId = useWatch({ name: "product_page" });
  const scheduleType = useWatch({ name: "schedule_type" }) as ScheduleType | undefined;
  const { data: page } = useGetOne<{ id: number; product_type: ProductType }>(
    "products",
    { id: pageId },
    { enabled: Boolean(pageId) },
  );
  const fitting = page ? SCHEDULE_TYPES_OF_PRODUCT[page.product_type] : undefined;
  const choices = fitting
    ? scheduleTypes.filter((choice) => fitting.includes(choice.id as ScheduleType))
    : scheduleTypes;
  const renews = scheduleType !== undefined && BOOKING_RULES[scheduleType]?.recurring === true;
  // A kind the newly picked offer does not sell, or a renewal the kind does not have, is taken back.
  const { setValue } = useFormContext();
  const stale = Boolean(scheduleType && fitting && !fitting.includes(scheduleType));
  useEffect(() => {
    if (stale) setValue("schedule_type", null);
  }, [stale, setValue]);
  useEffect(() => {
    if (!renews) setValue("is_recurring", false);
  }, [renews, setValue]);
  return (
    <>
      <SelectInput source="schedule_type" choices={choices} validate={required()} />
      <BooleanInput source="is_recurring" helperText="admin.recurring_help" disabled={!renews} />
    </>
  );
}

export function PurchaseOptionCreate() {
  return (
    <Create redirect="list" transform={forCreate}>
      <SimpleForm
        defaultValues={{
          name: { de: "", ru: "" },
          is_recurring: false,
          number_of_meetings: null,
          meetings_per_week: null,
          max_children: null,
          sort_order: 0,
        }}
      >
        <OfferPicker validate={required()} />
        <OptionKindInputs />
        <OptionFields />
      </SimpleForm>
    </Create>
  );
}

/** The page, schedule type and monthly renewal are what bookings bought: shown, not edited (D118). */
export function PurchaseOptionEdit() {
  const localText = useLocalText();
  const name = (record: { name: { de: string; ru?: string | null } }) => localText(record.name);
  return (
    <DetailEdit mutationMode="pessimistic" redirect="list" transform={nullsForEmpty}>
      <SimpleForm toolbar={<DeletingToolbar save={<PriceGuardSaveButton source="base_price_cents" />} />}>
        <Stack direction={{ xs: "column", md: "row" }} spacing={4}>
          <Labeled source="product_page">
            <ReferenceField source="product_page" reference="products">
              <FunctionField render={name} />
            </ReferenceField>
          </Labeled>
          <Labeled source="schedule_type">
            <EnumField source="schedule_type" enumName="schedule_type" />
          </Labeled>
          <Labeled source="is_recurring">
            <YesNoField source="is_recurring" />
          </Labeled>
          <Labeled source="bookings">
            <NumberField source="bookings" />
          </Labeled>
        </Stack>
        <OptionFields />
      </SimpleForm>
    </DetailEdit>
  );
}
