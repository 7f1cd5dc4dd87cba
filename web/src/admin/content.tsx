import { CONTENT_PAGE_KEYS, euroText, INTL_LOCALES, PRODUCT_TYPES } from "@atelier/contract";
import { Box, InputAdornment, Typography } from "@mui/material";
import {
  BooleanInput,
  Create,
  Datagrid,
  DateInput,
  FunctionField,
  Labeled,
  List,
  NumberField,
  NumberInput,
  ReferenceManyField,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  useTranslate,
} from "react-admin";
import { useWatch } from "react-hook-form";
import { Markdown } from "../components/ui/markdown.tsx";
import { berlinDayOf, momentOfBerlinDay } from "./berlin-days.ts";
import { EmailField } from "./contact-fields.tsx";
import { DetailEdit } from "./detail.tsx";
import { EnumField, YesNoField } from "./enum-labels.tsx";
import { GiftCardDelivery } from "./gift-card-delivery.tsx";
import { LocalDateField } from "./local-date-field.tsx";
import { MoneyInput, useOfficeLocale } from "./money-input.tsx";

/**
 * Content pages, promocodes and gift cards in the back office (D123–D125). Money is entered in euros and
 * sent in integer cents.
 */

const choices = (values: readonly string[]) => values.map((id) => ({ id, name: id }));
const required = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "")
    ? "ra.validation.required"
    : undefined;

/** An amount in the staff member's language ("15,00 €"), for the lists' render functions. */
function Cents({ cents }: { cents: number | null | undefined }) {
  const language = useOfficeLocale();
  return <>{cents == null ? "" : euroText(cents, language)}</>;
}
const centsText = (cents: number | null | undefined) => <Cents cents={cents} />;

/* ---------------------------------------------------------------- content pages */

/** The shop's own markdown component, fed what the field holds now: the page as the shop renders it. */
function MarkdownPreview({ source, label }: { source: string; label: string }) {
  const text = useWatch({ name: source }) as string | undefined;
  return (
    <Box
      component="section"
      aria-label={label}
      sx={{
        border: 1,
        borderColor: "divider",
        borderRadius: 1,
        p: 2,
        mb: 2,
        minHeight: 80,
        overflowWrap: "anywhere",
      }}
    >
      <Typography variant="overline" component="h3">
        {label}
      </Typography>
      <Markdown source={text ?? ""} />
    </Box>
  );
}

/** German and Russian side by side (stacked on a narrow tablet), each markdown text with its preview. */
function ContentPageFields() {
  const translate = useTranslate();
  const field = (name: string) => translate(`resources.content-pages.fields.${name}`);
  const column = (lang: "de" | "ru") => {
    const language = translate(`admin.lang.${lang}`);
    return (
      <Box key={lang}>
        <TextInput
          source={`title.${lang}`}
          label={`${field("title")} · ${language}`}
          validate={lang === "de" ? required : undefined}
          fullWidth
        />
        <TextInput
          source={`description.${lang}`}
          label={`${field("description")} · ${language}`}
          multiline
          fullWidth
        />
        <TextInput
          source={`body.${lang}`}
          label={`${field("body")} · ${language}`}
          helperText="admin.content.markdown_help"
          multiline
          minRows={10}
          fullWidth
        />
        <MarkdownPreview
          source={`body.${lang}`}
          label={`${translate("admin.content.preview")} · ${language}`}
        />
      </Box>
    );
  };
  return (
    <Box
      sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, columnGap: 2, width: "100%" }}
    >
      {column("de")}
      {column("ru")}
    </Box>
  );
}

export function ContentPageList() {
  return (
    <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: "key", order: "ASC" }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="key" />
        <TextField source="title.de" sortable={false} />
        <LocalDateField source="updated_at" showTime />
      </Datagrid>
    </List>
  );
}

export function ContentPageCreate() {
  const empty = { de: "", ru: "" };
  return (
    <Create redirect="edit">
      <SimpleForm defaultValues={{ title: empty, description: empty, body: empty }}>
        <SelectInput source="key" choices={choices(CONTENT_PAGE_KEYS)} validate={required} />
        <ContentPageFields />
      </SimpleForm>
    </Create>
  );
}

export function ContentPageEdit() {
  return (
    <DetailEdit mutationMode="pessimistic">
      <SimpleForm>
        <TextInput source="key" readOnly />
        <ContentPageFields />
      </SimpleForm>
    </DetailEdit>
  );
}

/* ---------------------------------------------------------------- promocodes */

/** A percentage in the staff member's language: "15 %" (de) or "15 %" (ru), never as euros. */
function Percent({ value }: { value: number }) {
  const language = useOfficeLocale();
  return <>{new Intl.NumberFormat(INTL_LOCALES[language], { style: "percent" }).format(value / 100)}</>;
}

function PromocodeFields() {
  const translate = useTranslate();
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
        choices={PRODUCT_TYPES.map((id) => ({ id, name: `admin.product_types.${id}` }))}
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
      filters={[<SearchInput key="q" source="q" alwaysOn />, <BooleanInput key="a" source="is_active" />]}
      sort={{ field: "id", order: "DESC" }}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
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
      <SimpleForm>
        <PromocodeFields />
        <Typography variant="h6" component="h2">
          {translate("admin.promocode.uses")}
        </Typography>
        <ReferenceManyField reference="promocode-uses" target="promocode" perPage={25}>
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

/* ---------------------------------------------------------------- gift cards */

export function GiftCardList() {
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />, <BooleanInput key="a" source="is_active" />]}
      sort={{ field: "id", order: "DESC" }}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
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
      <SimpleForm>
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
        <ReferenceManyField reference="gift-card-ledger" target="gift_card" perPage={50}>
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
