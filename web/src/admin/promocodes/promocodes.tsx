import { INTL_LOCALES, PROMOCODE_PRODUCT_TYPES, type ProductType } from "@atelier/contract";
import { Box, InputAdornment, Typography } from "@mui/material";
import {
  BooleanInput,
  Create,
  Datagrid,
  DateInput,
  FunctionField,
  List,
  NumberField,
  NumberInput,
  Pagination,
  ReferenceManyField,
  SearchInput,
  SelectArrayInput,
  SimpleForm,
  TextField,
  TextInput,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { berlinDayOf, momentOfBerlinDay } from "../shared/berlin-days.ts";
import { EmailField } from "../shared/contact-fields.tsx";
import { DetailEdit } from "../shared/detail.tsx";
import { EnumField, YesNoField } from "../shared/enum-labels.tsx";
import { centsText, required } from "../shared/field-helpers.tsx";
import { SavingToolbar } from "../shared/form-layout.tsx";
import { LocalDateField } from "../shared/local-date-field.tsx";
import { MoneyInput, useOfficeLocale } from "../shared/money-input.tsx";
import { openableRows } from "../shared/openable-rows.tsx";
import { staffCsv } from "../shared/staff-csv.ts";

/** Promocodes in the back office (D124): a percentage or an amount off, Berlin days (D318), their uses. */

/** A percentage in the staff member's language: "15 %" (de) or "15 %" (ru), never as euros. */
function Percent({ value }: { value: number }) {
  const language = useOfficeLocale();
  return <>{new Intl.NumberFormat(INTL_LOCALES[language], { style: "percent" }).format(value / 100)}</>;
}

function PromocodeFields() {
  const translate = useTranslate();
  // A code saved before D482 may still name gift cards: that choice stays listed on it, so staff can take it
  // off (the server refuses to save it), instead of a value the list hides.
  const saved = useRecordContext<{ product_types?: ProductType[] }>()?.product_types ?? [];
  const types: ProductType[] = saved.includes("GiftCard")
    ? [...PROMOCODE_PRODUCT_TYPES, "GiftCard"]
    : [...PROMOCODE_PRODUCT_TYPES];
  return (
    <>
      <TextInput source="code" validate={required} helperText="admin.promocode.code_help" />
      <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 2 }}>
        <NumberInput
          source="percent_off"
          min={1}
          max={100}
          step={1}
          helperText="admin.promocode.kind_help"
          slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
        />
        <MoneyInput source="amount_off_cents" minCents={1} />
        <MoneyInput source="min_total_cents" minCents={0} />
      </Box>
      <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 2 }}>
        <DateInput source="valid_from" format={berlinDayOf} helperText="admin.promocode.from_help" />
        <DateInput source="valid_until" format={berlinDayOf} helperText="admin.promocode.until_help" />
      </Box>
      <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 2 }}>
        <NumberInput source="max_uses" min={0} step={1} helperText="admin.promocode.unlimited_help" />
        <NumberInput
          source="max_uses_per_user"
          min={0}
          step={1}
          helperText="admin.promocode.unlimited_help"
        />
      </Box>
      <SelectArrayInput
        source="product_types"
        choices={types.map((id) => ({ id, name: `admin.product_types.${id}` }))}
        helperText={translate("admin.promocode.types_help")}
      />
      <BooleanInput source="is_active" helperText="admin.promocode.active_help" />
    </>
  );
}

/** The date inputs give Berlin days ("2031-05-01"); the API keeps the moments they start and end (D318). */
const promocodeOut = (data: Record<string, unknown>) => ({
  ...data,
  valid_from: momentOfBerlinDay(data.valid_from, "start"),
  valid_until: momentOfBerlinDay(data.valid_until, "end"),
});

export function PromocodeList() {
  return (
    <List
      exporter={staffCsv}
      filters={[<SearchInput key="q" source="q" alwaysOn />, <BooleanInput key="a" source="is_active" />]}
      sort={{ field: "id", order: "DESC" }}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false} body={openableRows}>
        <TextField source="code" />
        <FunctionField
          source="discount"
          sortable={false}
          render={(r: { percent_off: number | null; amount_off_cents: number | null }) =>
            r.percent_off !== null ? <Percent value={r.percent_off} /> : centsText(r.amount_off_cents)
          }
        />
        <LocalDateField source="valid_from" showTime />
        <LocalDateField source="valid_until" showTime />
        <NumberField source="uses" sortable={false} />
        <NumberField source="max_uses" sortable={false} emptyText="—" />
        <YesNoField source="is_active" />
      </Datagrid>
    </List>
  );
}

export function PromocodeCreate() {
  return (
    <Create redirect="edit" transform={promocodeOut}>
      <SimpleForm
        defaultValues={{
          percent_off: null,
          amount_off_cents: null,
          valid_from: null,
          valid_until: null,
          max_uses: null,
          max_uses_per_user: null,
          min_total_cents: 0,
          product_types: [],
          is_active: true,
        }}
      >
        <PromocodeFields />
      </SimpleForm>
    </Create>
  );
}

export function PromocodeEdit() {
  const translate = useTranslate();
  return (
    <DetailEdit mutationMode="pessimistic" transform={promocodeOut}>
      <SimpleForm toolbar={<SavingToolbar />}>
        <PromocodeFields />
        <Typography variant="h6" component="h2">
          {translate("admin.promocode.uses")}
        </Typography>
        <ReferenceManyField
          reference="promocode-uses"
          target="promocode"
          perPage={25}
          pagination={<Pagination />}
        >
          <Datagrid
            bulkActionButtons={false}
            rowClick={false}
            empty={<p>{translate("admin.promocode.no_uses")}</p>}
          >
            <LocalDateField source="created_at" showTime sortable={false} />
            <NumberField source="order" sortable={false} />
            <EnumField source="order_status" enumName="order_status" sortable={false} />
            <EmailField source="user_email" sortable={false} />
            <FunctionField
              source="discount_cents"
              sortable={false}
              render={(r: { discount_cents: number }) => centsText(r.discount_cents)}
            />
          </Datagrid>
        </ReferenceManyField>
      </SimpleForm>
    </DetailEdit>
  );
}
