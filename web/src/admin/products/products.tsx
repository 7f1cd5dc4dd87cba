import { AGE_GROUPS, ageGroupLabel, LESSON_RULE_DEFAULTS, PRODUCT_TYPES } from "@atelier/contract";
import { Box, Typography } from "@mui/material";
import {
  ArrayInput,
  AutocompleteArrayInput,
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  EditButton,
  List,
  NumberField,
  NumberInput,
  Pagination,
  ReferenceArrayInput,
  ReferenceInput,
  ReferenceManyField,
  SearchInput,
  SelectArrayInput,
  SelectField,
  SelectInput,
  SimpleFormIterator,
  TabbedForm,
  TextField,
  TextInput,
  useTranslate,
} from "react-admin";
import { PricesOfPage } from "../purchase-options/purchase-options.tsx";
import { CHOICE_ORDER, useChoiceTexts } from "../shared/choice-texts.ts";
import { DetailEdit } from "../shared/detail.tsx";
import { LocalTextField, useEnumChoices } from "../shared/enum-labels.tsx";
import { required } from "../shared/field-helpers.tsx";
import { SavingToolbar } from "../shared/form-layout.tsx";
import { LocalDateField } from "../shared/local-date-field.tsx";
import { openableRows } from "../shared/openable-rows.tsx";
import { staffCsv } from "../shared/staff-csv.ts";
import { SCHEDULE_TAB, SlotsOfPage } from "../slots/slots.tsx";
import { TitleImageInput } from "./product-image.tsx";
import { ProductPreviewPanel } from "./product-preview.tsx";

/** Age groups as the shop writes them ("5–7", "10+"). */
const ageGroups = AGE_GROUPS.map((id) => ({ id, name: ageGroupLabel(id) }));
/** The types by their German or Russian names (react-admin translates a choice's name). */
const typeChoices = PRODUCT_TYPES.map((id) => ({ id, name: `admin.product_types.${id}` }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectArrayInput key="type" source="product_type" choices={typeChoices} alwaysOn />,
  <BooleanInput key="published" source="is_published" />,
];

export function ProductList() {
  return (
    <List exporter={staffCsv} filters={filters} sort={{ field: "sort_order", order: "ASC" }} perPage={25}>
      <Datagrid rowClick="edit" bulkActionButtons={false} body={openableRows}>
        <TextField source="id" />
        <LocalTextField source="name" sortBy="name" />
        <SelectField source="product_type" choices={typeChoices} />
        <SelectField source="age_group" choices={ageGroups} sortable={false} />
        <BooleanField source="is_published" />
        <NumberField source="sort_order" />
        <LocalDateField source="updated_at" showTime />
        <EditButton />
      </Datagrid>
    </List>
  );
}

/** One text in German and Russian side by side (stacked on a narrow tablet in portrait). */
function SideBySide({
  source,
  multiline = false,
  requiredDe = false,
}: {
  source: string;
  multiline?: boolean;
  requiredDe?: boolean;
}) {
  const translate = useTranslate();
  const label = translate(`resources.products.fields.${source}`);
  return (
    <Box
      sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, columnGap: 2, width: "100%" }}
    >
      <TextInput
        source={`${source}.de`}
        label={`${label} · ${translate("admin.lang.de")}`}
        multiline={multiline}
        minRows={multiline ? 3 : undefined}
        validate={requiredDe ? required : undefined}
        fullWidth
      />
      <TextInput
        source={`${source}.ru`}
        label={`${label} · ${translate("admin.lang.ru")}`}
        multiline={multiline}
        minRows={multiline ? 3 : undefined}
        fullWidth
      />
    </Box>
  );
}

function GeneralTab() {
  const languages = useEnumChoices("language");
  const choice = useChoiceTexts();
  return (
    <>
      <TextInput source="slug" validate={required} helperText={false} />
      <SelectInput source="product_type" choices={typeChoices} validate={required} />
      <SelectInput source="age_group" choices={ageGroups} validate={required} />
      <SelectInput source="language" choices={languages} validate={required} />
      <ReferenceInput source="category" reference="categories" sort={CHOICE_ORDER.position}>
        <SelectInput optionText={choice.name} emptyText="—" />
      </ReferenceInput>
      <ReferenceInput source="location_id" reference="locations" sort={CHOICE_ORDER.position}>
        <SelectInput optionText={choice.location} emptyText="—" />
      </ReferenceInput>
      <TextInput source="location" helperText="admin.location_text_help" />
      <ReferenceArrayInput source="instructors" reference="instructors">
        <AutocompleteArrayInput optionText="label" />
      </ReferenceArrayInput>
      <BooleanInput source="is_published" />
      <BooleanInput source="is_featured" />
      <NumberInput source="sort_order" validate={required} />
      <NumberInput source="refund_days_before" min={0} max={365} helperText="admin.refund_days_help" />
    </>
  );
}

/** Absences and makeups (issue 35, D374): the rules the parent reads before reporting "won't come". */
function LessonRulesTab() {
  const translate = useTranslate();
  const outcomes = [
    { id: "credit", name: translate("admin.lesson_rules.outcome_credit") },
    { id: "lengthen", name: translate("admin.lesson_rules.outcome_lengthen") },
  ];
  return (
    <>
      <BooleanInput source="lesson_rules.makeup_allowed" />
      <NumberInput source="lesson_rules.absence_cutoff_minutes" min={0} max={10080} validate={required} />
      <NumberInput source="lesson_rules.credit_valid_days" min={1} max={365} validate={required} />
      <NumberInput source="lesson_rules.credits_per_month" min={0} max={31} validate={required} />
      <SelectInput source="lesson_rules.cancelled_lesson_outcome" choices={outcomes} validate={required} />
      <TextInput
        source="lesson_rules.makeup_group"
        helperText="admin.lesson_rules.makeup_group_help"
        parse={(value: string) => value || null}
      />
      <SideBySide source="lesson_rules.what_to_bring" multiline />
    </>
  );
}

function TextsTab() {
  const translate = useTranslate();
  return (
    <>
      <SideBySide source="name" requiredDe />
      <TitleImageInput />
      <SideBySide source="summary" multiline />
      <SideBySide source="body" multiline />
      <SideBySide source="program" multiline />
      <SideBySide source="length" />
      <SideBySide source="seo_text" multiline />
      <Typography variant="subtitle1">{translate("resources.products.fields.qna")}</Typography>
      <ArrayInput source="qna" label={false}>
        <SimpleFormIterator fullWidth>
          <TextInput
            source="question.de"
            label={`${translate("admin.question")} · ${translate("admin.lang.de")}`}
            validate={required}
            fullWidth
          />
          <TextInput
            source="question.ru"
            label={`${translate("admin.question")} · ${translate("admin.lang.ru")}`}
            fullWidth
          />
          <TextInput
            source="answer.de"
            label={`${translate("admin.answer")} · ${translate("admin.lang.de")}`}
            validate={required}
            multiline
            fullWidth
          />
          <TextInput
            source="answer.ru"
            label={`${translate("admin.answer")} · ${translate("admin.lang.ru")}`}
            multiline
            fullWidth
          />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

const EMPTY_TEXT = { de: "", ru: "" };
const NEW_PAGE = {
  name: EMPTY_TEXT,
  summary: EMPTY_TEXT,
  body: EMPTY_TEXT,
  program: EMPTY_TEXT,
  seo_text: EMPTY_TEXT,
  length: EMPTY_TEXT,
  qna: [],
  category: null,
  location: "",
  location_id: null,
  instructors: [],
  is_published: false,
  is_featured: false,
  sort_order: 0,
  title_image: null,
  lesson_rules: {
    ...LESSON_RULE_DEFAULTS,
    what_to_bring: EMPTY_TEXT,
    makeup_group: null,
  },
};

export function ProductCreate() {
  const translate = useTranslate();
  return (
    <Create redirect="edit">
      <TabbedForm defaultValues={NEW_PAGE}>
        <TabbedForm.Tab label={translate("admin.tabs.general")}>
          <GeneralTab />
        </TabbedForm.Tab>
        <TabbedForm.Tab label={translate("admin.tabs.texts")}>
          <TextsTab />
        </TabbedForm.Tab>
        <TabbedForm.Tab label={translate("admin.tabs.lesson_rules")}>
          <LessonRulesTab />
        </TabbedForm.Tab>
        <TabbedForm.Tab label={translate("admin.preview.title")}>
          <ProductPreviewPanel />
        </TabbedForm.Tab>
      </TabbedForm>
    </Create>
  );
}

/** Pessimistic saves: the form stays with its values until the server agrees, so a refused save loses nothing. */
export function ProductEdit() {
  const translate = useTranslate();
  return (
    <DetailEdit mutationMode="pessimistic">
      <TabbedForm toolbar={<SavingToolbar />}>
        <TabbedForm.Tab label={translate("admin.tabs.general")}>
          <GeneralTab />
        </TabbedForm.Tab>
        <TabbedForm.Tab label={translate("admin.tabs.texts")}>
          <TextsTab />
        </TabbedForm.Tab>
        <TabbedForm.Tab label={translate("admin.tabs.lesson_rules")}>
          <LessonRulesTab />
        </TabbedForm.Tab>
        <TabbedForm.Tab label={translate("admin.tabs.schedule")} path={SCHEDULE_TAB}>
          <ReferenceManyField
            reference="slots"
            target="product_page"
            label={false}
            // Every session of a page can be reached: 25 a page, and pages beyond (D531).
            pagination={<Pagination />}
          >
            <SlotsOfPage />
          </ReferenceManyField>
        </TabbedForm.Tab>
        <TabbedForm.Tab label={translate("admin.tabs.prices")}>
          <ReferenceManyField reference="purchase-options" target="product_page" label={false}>
            <PricesOfPage />
          </ReferenceManyField>
        </TabbedForm.Tab>
        <TabbedForm.Tab label={translate("admin.preview.title")}>
          <ProductPreviewPanel />
        </TabbedForm.Tab>
      </TabbedForm>
    </DetailEdit>
  );
}
