import { Box, Typography } from "@mui/material";
import {
  BooleanInput,
  Create,
  Datagrid,
  DateInput,
  FunctionField,
  Labeled,
  List,
  NumberField,
  Pagination,
  ReferenceManyField,
  SearchInput,
  SimpleForm,
  TextField,
  TextInput,
  useTranslate,
} from "react-admin";
import { DetailEdit } from "../shared/detail.tsx";
import { YesNoField } from "../shared/enum-labels.tsx";
import { centsText, required } from "../shared/field-helpers.tsx";
import { SavingToolbar } from "../shared/form-layout.tsx";
import { LocalDateField } from "../shared/local-date-field.tsx";
import { MoneyInput } from "../shared/money-input.tsx";
import { openableRows } from "../shared/openable-rows.tsx";
import { staffCsv } from "../shared/staff-csv.ts";
import { GiftCardDelivery } from "./gift-card-delivery.tsx";

/** Gift cards in the back office (D125): issued by hand (euros in, integer cents sent), deactivated, their history. */

export function GiftCardList() {
  return (
    <List
      exporter={staffCsv}
      filters={[<SearchInput key="q" source="q" alwaysOn />, <BooleanInput key="a" source="is_active" />]}
      sort={{ field: "id", order: "DESC" }}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false} body={openableRows}>
        <TextField source="code" />
        <FunctionField
          source="initial_cents"
          sortable={false}
          render={(r: { initial_cents: number }) => centsText(r.initial_cents)}
        />
        <FunctionField
          source="balance_cents"
          render={(r: { balance_cents: number }) => centsText(r.balance_cents)}
        />
        <LocalDateField source="expires_at" emptyText="—" />
        <TextField source="reason" sortable={false} />
        <YesNoField source="is_active" sortable={false} />
      </Datagrid>
    </List>
  );
}

export function GiftCardCreate() {
  return (
    <Create redirect="edit">
      <SimpleForm defaultValues={{ expires_on: null }}>
        <MoneyInput source="amount_cents" minCents={100} maxCents={100_000} validate={required} />
        <TextInput
          source="reason"
          validate={required}
          multiline
          fullWidth
          helperText="admin.gift_card.reason_help"
        />
        <DateInput source="expires_on" helperText="admin.gift_card.expiry_help" />
      </SimpleForm>
    </Create>
  );
}

/** A card's values are fixed; staff deactivate it (or activate it again) and read its balance history. */
export function GiftCardEdit() {
  const translate = useTranslate();
  return (
    <DetailEdit
      mutationMode="pessimistic"
      transform={(data: { is_active: boolean }) => ({ is_active: data.is_active })}
    >
      <SimpleForm toolbar={<SavingToolbar />}>
        <TextInput source="code" readOnly />
        <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 4 }}>
          <Labeled source="initial_cents">
            <FunctionField
              source="initial_cents"
              render={(r: { initial_cents: number }) => centsText(r.initial_cents)}
            />
          </Labeled>
          <Labeled source="balance_cents">
            <FunctionField
              source="balance_cents"
              render={(r: { balance_cents: number }) => centsText(r.balance_cents)}
            />
          </Labeled>
          <Labeled source="expires_at">
            <LocalDateField source="expires_at" emptyText="—" />
          </Labeled>
        </Box>
        <Labeled source="reason">
          <TextField source="reason" emptyText={translate("admin.gift_card.bought")} />
        </Labeled>
        <BooleanInput source="is_active" helperText="admin.gift_card.active_help" />
        <Typography variant="h6" component="h2">
          {translate("admin.gift_card.history")}
        </Typography>
        <ReferenceManyField
          reference="gift-card-ledger"
          target="gift_card"
          perPage={50}
          pagination={<Pagination />}
        >
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <LocalDateField source="created_at" showTime sortable={false} />
            <FunctionField
              source="kind"
              sortable={false}
              render={(r: { kind: string }) => translate(`admin.gift_card.kind.${r.kind}`)}
            />
            <NumberField source="order" sortable={false} />
            <FunctionField
              source="amount_cents"
              sortable={false}
              render={(r: { amount_cents: number }) => centsText(r.amount_cents)}
            />
            <FunctionField
              source="balance_cents"
              sortable={false}
              render={(r: { balance_cents: number }) => centsText(r.balance_cents)}
            />
          </Datagrid>
        </ReferenceManyField>
      </SimpleForm>
      <GiftCardDelivery />
    </DetailEdit>
  );
}
