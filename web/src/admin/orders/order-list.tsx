import type { AdminOrder } from "@atelier/contract";
import { useMemo } from "react";
import {
  CreateButton,
  Datagrid,
  DateInput,
  ExportButton,
  FilterButton,
  FunctionField,
  List,
  NumberInput,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useTranslate,
} from "react-admin";
import { LocalDateField } from "../shared/local-date-field.tsx";
import { OfferPicker } from "../shared/offer-picker.tsx";
import { openableRows } from "../shared/openable-rows.tsx";
import { staffCsv } from "../shared/staff-csv.ts";
import { euro } from "./order-format.ts";

/** The orders list (issue 21, D127): its filters, a phone booking and the export. */

const STATUSES = [
  "awaiting_payment",
  "paid",
  "declined",
  "expired",
  "cancelled",
  "refunded",
  "cart",
] as const;
const PAYMENT_STATES = ["unpaid", "paid", "partly_refunded", "refunded", "needs_attention"] as const;

/** The list's filters, made once per language: new elements on each render remounted the offer picker. */
function orderFilters(translate: (key: string) => string) {
  const choices = (list: readonly string[], key: string) =>
    list.map((id) => ({ id, name: translate(`admin.orders.${key}.${id}`) }));
  return [
    <TextInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" choices={choices(STATUSES, "status")} alwaysOn />,
    <SelectInput
      key="payment_state"
      source="payment_state"
      choices={choices(PAYMENT_STATES, "payment_state")}
      alwaysOn
    />,
    <DateInput key="from" source="from" />,
    <DateInput key="to" source="to" />,
    <OfferPicker key="product" source="product" />,
    <NumberInput key="parent" source="parent" />,
    <NumberInput key="child" source="child" />,
  ];
}

/** The list's buttons: filters, a phone booking (issue 29) and the export. */
function OrderListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton resource="staff-orders" label="admin.staff_orders.new" />
      <ExportButton />
    </TopToolbar>
  );
}

export function OrderList() {
  const translate = useTranslate();
  const filters = useMemo(() => orderFilters(translate), [translate]);
  return (
    <List
      exporter={staffCsv}
      sort={{ field: "created_at", order: "DESC" }}
      filters={filters}
      actions={<OrderListActions />}
    >
      <Datagrid rowClick="show" bulkActionButtons={false} body={openableRows}>
        <TextField source="id" />
        <LocalDateField source="created_at" showTime />
        <FunctionField
          source="status"
          sortable={false}
          render={(r: AdminOrder) => translate(`admin.orders.status.${r.status}`)}
        />
        <FunctionField
          source="payment_state"
          sortable={false}
          render={(r: AdminOrder) => translate(`admin.orders.payment_state.${r.payment_state}`)}
        />
        <TextField source="parent_name" sortable={false} />
        <FunctionField source="children" sortable={false} render={(r: AdminOrder) => r.children.join(", ")} />
        <FunctionField source="products" sortable={false} render={(r: AdminOrder) => r.products.join(", ")} />
        {/* What the gift card paid beside the total due through the gateway (D494): not "0,00 €" alone. */}
        <FunctionField
          source="total_cents"
          render={(r: AdminOrder) =>
            r.gift_card_cents > 0
              ? `${euro(r.total_cents)} · ${translate("admin.orders.gift_card_part", { amount: euro(r.gift_card_cents) })}`
              : euro(r.total_cents)
          }
        />
      </Datagrid>
    </List>
  );
}
