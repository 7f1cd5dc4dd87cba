import { CONTENT_PAGE_KEYS, type Locale } from "@atelier/contract";
import { Box, Typography } from "@mui/material";
import {
  Create,
  Datagrid,
  List,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  useTranslate,
} from "react-admin";
import { useWatch } from "react-hook-form";
import { Markdown } from "../../components/ui/markdown.tsx";
import { DetailEdit } from "../shared/detail.tsx";
import { choices, required } from "../shared/field-helpers.tsx";
import { SavingToolbar } from "../shared/form-layout.tsx";
import { LocalDateField } from "../shared/local-date-field.tsx";
import { openableRows } from "../shared/openable-rows.tsx";
import { staffCsv } from "../shared/staff-csv.ts";

/** The shop's own text pages in the back office (D123): German and Russian markdown with a preview. */

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
  const column = (lang: Locale) => {
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
    <List
      exporter={staffCsv}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: "key", order: "ASC" }}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false} body={openableRows}>
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
      <SimpleForm toolbar={<SavingToolbar />}>
        <TextInput source="key" readOnly />
        <ContentPageFields />
      </SimpleForm>
    </DetailEdit>
  );
}
