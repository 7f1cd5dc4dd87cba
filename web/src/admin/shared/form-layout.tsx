import { Stack } from "@mui/material";
import type { ReactElement } from "react";
import {
  DeleteButton,
  required,
  SaveButton,
  TextInput,
  Toolbar,
  useResourceContext,
  useTranslate,
} from "react-admin";

/** A German and a Russian text side by side; they wrap below each other on a narrow screen. */
export function SideBySide({ source, multiline, de }: { source: string; multiline?: boolean; de?: boolean }) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const label = translate(`resources.${resource}.fields.${source}`, { _: source });
  return (
    <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ width: "100%" }}>
      <TextInput
        source={`${source}.de`}
        label={`${label} · ${translate("admin.lang.de")}`}
        multiline={multiline}
        validate={de ? required() : undefined}
        fullWidth
      />
      <TextInput
        source={`${source}.ru`}
        label={`${label} · ${translate("admin.lang.ru")}`}
        multiline={multiline}
        fullWidth
      />
    </Stack>
  );
}

/** Delete waits for the server: one that a page still uses is refused with the reason (D117). */
export function DeletingToolbar({ save = <SaveButton /> }: { save?: ReactElement }) {
  return (
    <Toolbar sx={{ justifyContent: "space-between" }}>
      {save}
      <DeleteButton mutationMode="pessimistic" />
    </Toolbar>
  );
}

/**
 * Save only, for records the server keeps for good (pages, content pages, codes, gift cards, requests: they
 * are archived, deactivated or closed instead, D124, D125): react-admin's own toolbar offers "Löschen", which
 * the server could only answer with "Nicht gefunden." (D531).
 */
export function SavingToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}
