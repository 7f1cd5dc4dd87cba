import { ADMIN_PAGE_MAX, type AdminStaffOrderQuote, berlinDateTimeText, euroText } from "@atelier/contract";
import { Box, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import {
  AutocompleteInput,
  Create,
  FormDataConsumer,
  maxValue,
  minValue,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  required,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useGetOne,
  useNotify,
  useRedirect,
  useTranslate,
} from "react-admin";
import { useFormContext, useFormState } from "react-hook-form";
import { currentAdminLocale } from "../i18n/i18n-provider.ts";
import { adminFetch } from "../providers/data-provider.ts";
import { DETAIL } from "../shared/detail.tsx";
import { useEnumLabel, useLocalText } from "../shared/enum-labels.tsx";
import { OfferPicker } from "../shared/offer-picker.tsx";
import { type UnitForText, useUnitText } from "../shared/unit-text.ts";
import { failureText } from "../shared/use-staff-action.ts";

/**
 * "Book on behalf of a parent" (D156) and birthday-party requests (D158–D160). The order is priced by the
 * server with the shop's rules; the parent gets the payment link by mail, staff never see it (D157).
 */

export const HOLD = { min: 5, max: 7 * 24 * 60 };

type Person = { id: number; email: string; first_name: string; last_name: string };
const personText = (p: Person) => `${`${p.first_name} ${p.last_name}`.trim()} <${p.email}>`;

/** The parent's children, read from the person's page once a parent is picked. */
function ChildInput({ parent }: { parent: number | undefined }) {
  const { data } = useGetOne<{
    id: number;
    children: { id: number; first_name: string; last_name: string; birth_date: string }[];
  }>("people", { id: parent ?? 0, ...DETAIL }, { enabled: parent !== undefined });
  const choices = (data?.children ?? []).map((c) => ({
    id: c.id,
    name: `${c.first_name} ${c.last_name} (${berlinDateTimeText(c.birth_date, currentAdminLocale())})`,
  }));
  return <SelectInput source="visitor" choices={choices} disabled={parent === undefined} emptyText="—" />;
}

type StaffOrderForm = {
  parent: number;
  visitor?: number | null;
  product_page: number;
  purchase_option: number;
  schedule_slots?: number[];
  academy_weeks?: number[];
  comment?: string;
  hold_minutes?: number | null;
  promocode?: string | null;
};

/** The form's fields as the API's one-line order, with a fresh request id per submit. */
const toStaffOrder = (data: StaffOrderForm) => ({
  request_id: crypto.randomUUID(),
  parent: data.parent,
  hold_minutes: data.hold_minutes ?? null,
  items: [
    {
      product_page: data.product_page,
      purchase_option: data.purchase_option,
      visitor: data.visitor ?? null,
      schedule_slots: data.schedule_slots ?? [],
      academy_weeks: data.academy_weeks ?? [],
      comment: data.comment ?? "",
    },
  ],
  // A code the parent names on the phone, checked and applied by the cart's own rule (D316).
  promocode: data.promocode?.trim() ?? "",
});

/**
 * The phone booking (issue 29): reached from the menu, a person's page (the parent chosen) and the orders
 * list; the price comes from the server before saving (D275); once saved, on to the new order's page.
 */
export function StaffOrderCreate() {
  const notify = useNotify();
  const label = useEnumLabel();
  const localText = useLocalText();
  const unitText = useUnitText();
  const redirect = useRedirect();
  return (
    <Create
      resource="staff-orders"
      transform={toStaffOrder}
      redirect={false}
      mutationOptions={{
        onSuccess: (order: { id: number }) => {
          notify("admin.staff_orders.created", { type: "success", messageArgs: { id: order.id } });
          redirect("show", "orders", order.id);
        },
      }}
    >
      <SimpleForm>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {/* The help text: prices, seats and the child's age are checked by the server. */}
          <HelpText />
        </Typography>
        <ReferenceInput source="parent" reference="people" filter={{ role: ["customer"] }}>
          <AutocompleteInput
            optionText={personText}
            filterToQuery={(q: string) => ({ q })}
            validate={required()}
            sx={{ minWidth: 280 }}
          />
        </ReferenceInput>
        <FormDataConsumer<StaffOrderForm>>
          {({ formData }) => <ChildInput parent={formData.parent} />}
        </FormDataConsumer>
        <OfferPicker validate={required()} />
        <FormDataConsumer<StaffOrderForm>>
          {({ formData }) =>
            formData.product_page ? (
              <>
                <ReferenceInput
                  source="purchase_option"
                  reference="purchase-options"
                  filter={{ product_page: formData.product_page }}
                >
                  <SelectInput
                    optionText={(o: { name: { de: string; ru?: string }; schedule_type: string }) =>
                      `${localText(o.name)} (${label("schedule_type", o.schedule_type)})`
                    }
                    validate={required()}
                  />
                </ReferenceInput>
                <ReferenceArrayInput
                  source="schedule_slots"
                  reference="slots"
                  // Every time the page still offers, the soonest first: not only the 25 newest (D531).
                  filter={{ product_page: formData.product_page, offered: true }}
                  sort={{ field: "date", order: "ASC" }}
                  perPage={ADMIN_PAGE_MAX}
                >
                  {/* Inside a reference input the label would be looked up under the referenced resource. */}
                  <SelectArrayInput
                    label="resources.staff-orders.fields.schedule_slots"
                    optionText={(s: UnitForText) => unitText(s)}
                  />
                </ReferenceArrayInput>
                <ReferenceArrayInput
                  source="academy_weeks"
                  reference="academy-weeks"
                  filter={{ product_page: formData.product_page, offered: true }}
                  sort={{ field: "starts_on", order: "ASC" }}
                  perPage={ADMIN_PAGE_MAX}
                >
                  <SelectArrayInput
                    label="resources.staff-orders.fields.academy_weeks"
                    optionText={(w: UnitForText) => unitText(w)}
                  />
                </ReferenceArrayInput>
              </>
            ) : null
          }
        </FormDataConsumer>
        <TextInput source="comment" multiline fullWidth />
        <TextInput source="promocode" helperText="admin.staff_orders.promocode_help" />
        <NumberInput
          source="hold_minutes"
          min={HOLD.min}
          max={HOLD.max}
          // Said under the field in the back office's words, not by the browser's own tooltip (D609).
          validate={[minValue(HOLD.min), maxValue(HOLD.max)]}
          helperText="admin.staff_orders.hold_help"
        />
        <FormDataConsumer<StaffOrderForm>>
          {({ formData }) => <QuotePanel form={formData} />}
        </FormDataConsumer>
      </SimpleForm>
    </Create>
  );
}

/** What the server needs to price the form's one line, or null while the line is not complete. */
function quoteBody(form: StaffOrderForm) {
  const units = (form.schedule_slots?.length ?? 0) + (form.academy_weeks?.length ?? 0);
  if (!form.parent || !form.product_page || !form.purchase_option || !form.visitor || units === 0)
    return null;
  const { request_id: _id, hold_minutes: _hold, ...rest } = toStaffOrder(form);
  return JSON.stringify(rest);
}

/** The server's words for a refused code in a failed quote, if that is what it refused. */
function promocodeRefusal(failure: unknown): string | undefined {
  const errors = (failure as { body?: { errors?: Record<string, unknown> } } | null)?.body?.errors;
  return typeof errors?.promocode === "string" ? errors.promocode : undefined;
}

/** The price of the booking as the server computes it (D275), shown before saving; never reckoned here. */
function QuotePanel({ form }: { form: StaffOrderForm }) {
  const translate = useTranslate();
  const { setError, clearErrors, getFieldState } = useFormContext();
  // While the booking is saved, no price is asked for: the order made would answer it "already booked".
  const { isSubmitting } = useFormState();
  const body = quoteBody(form);
  const [state, setState] = useState<{ quote?: AdminStaffOrderQuote; error?: string; busy: boolean }>({
    busy: false,
  });
  useEffect(() => {
    // A mark the last price put on the code goes with any other answer, or when there is no line to price.
    const clearCodeMark = () => {
      if (getFieldState("promocode").error?.type === "quote") clearErrors("promocode");
    };
    if (body === null) {
      clearCodeMark();
      setState({ busy: false });
      return;
    }
    if (isSubmitting) return;
    let live = true;
    setState((was) => ({ ...was, busy: true }));
    const timer = setTimeout(() => {
      adminFetch("POST", "staff-orders/quote/", { body: JSON.parse(body) })
        .then(({ json }) => {
          if (!live) return;
          setState({ quote: json as AdminStaffOrderQuote, busy: false });
          clearCodeMark();
        })
        .catch((failure: unknown) => {
          if (!live) return;
          // A refused code is said at its field, where staff type it (D609); the box says why it shows no price.
          const codeRefusal = promocodeRefusal(failure);
          if (codeRefusal) setError("promocode", { type: "quote", message: codeRefusal });
          else clearCodeMark();
          setState({
            error: codeRefusal ? translate("admin.staff_orders.price_code_refused") : failureText(failure),
            busy: false,
          });
        });
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [body, isSubmitting, setError, clearErrors, getFieldState, translate]);
  const euro = (cents: number) => euroText(cents, currentAdminLocale());
  const { quote, error, busy } = state;
  return (
    <Box
      component="section"
      aria-labelledby="staff-order-price"
      aria-live="polite"
      aria-busy={busy}
      sx={{ mb: 2, p: 2, border: 1, borderColor: "divider", borderRadius: 1, minWidth: 280 }}
    >
      <Typography id="staff-order-price" variant="subtitle1" component="h2">
        {translate("admin.staff_orders.price_title")}
      </Typography>
      {body === null ? (
        <Typography variant="body2">{translate("admin.staff_orders.price_pending")}</Typography>
      ) : error ? (
        <Typography color="error">{error}</Typography>
      ) : quote && !busy ? (
        <>
          {quote.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines are shown as the server answered them
            <Typography key={index} data-testid="staff-order-line">
              {`${line.product_name} – ${line.option_name}${line.child_name ? ` (${line.child_name})` : ""}: ${euro(line.amount_cents)}`}
              {line.discount_cents > 0
                ? ` ${translate("admin.staff_orders.price_discount", { list: euro(line.price_cents), discount: euro(line.discount_cents) })}`
                : ""}
            </Typography>
          ))}
          <Typography sx={{ fontWeight: "bold" }} data-testid="staff-order-total">
            {translate("admin.staff_orders.price_total", { total: euro(quote.total_checkout_price_cents) })}
          </Typography>
          {quote.total_recurrent_price_cents > 0 ? (
            <Typography variant="body2">
              {translate("admin.staff_orders.price_recurrent", {
                amount: euro(quote.total_recurrent_price_cents),
              })}
            </Typography>
          ) : null}
        </>
      ) : (
        <Typography variant="body2">{translate("admin.staff_orders.price_loading")}</Typography>
      )}
    </Box>
  );
}

function HelpText() {
  const translate = useTranslate();
  return <>{translate("admin.staff_orders.help")}</>;
}
