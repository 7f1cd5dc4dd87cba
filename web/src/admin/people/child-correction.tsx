import { CHILD_NOTES_MAX, NAME_MAX_LENGTH } from "@atelier/contract";
import { Button } from "@mui/material";
import { useState } from "react";
import { useDataProvider, useTranslate } from "react-admin";
import type { AdminDataProvider } from "../providers/data-provider.ts";
import { CorrectionDialog, type CorrectionField } from "./correction-dialog.tsx";

/**
 * Staff correct a child's data when the family asks (D549): names, birth date and the team's notes the
 * roster shows (allergies, who fetches the child). The server keeps the parent's own rules for names and
 * birth dates; what it refuses is shown at its field, and the first refused field takes the focus.
 */

export type Child = { id: number; first_name: string; last_name: string; birth_date: string; notes: string };

const FIELDS: readonly CorrectionField[] = [
  {
    name: "first_name",
    label: "admin.people.child_first_name",
    props: { required: true, slotProps: { htmlInput: { maxLength: NAME_MAX_LENGTH } } },
  },
  {
    name: "last_name",
    label: "admin.people.child_last_name",
    props: { required: true, slotProps: { htmlInput: { maxLength: NAME_MAX_LENGTH } } },
  },
  {
    name: "birth_date",
    label: "admin.people.child_birth_date",
    props: { type: "date", required: true, slotProps: { inputLabel: { shrink: true } } },
  },
  {
    name: "notes",
    label: "admin.people.child_notes",
    props: { multiline: true, minRows: 2, slotProps: { htmlInput: { maxLength: CHILD_NOTES_MAX } } },
  },
];

export function ChildCorrection({ parent, child }: { parent: number; child: Child }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [open, setOpen] = useState(false);
  const name = `${child.first_name} ${child.last_name}`.trim();
  // The notes' hint in the staff member's language.
  const fields = FIELDS.map((field) =>
    field.name === "notes"
      ? { ...field, props: { ...field.props, helperText: translate("admin.people.child_notes_help") } }
      : field,
  );
  return (
    <>
      <Button
        size="small"
        onClick={() => setOpen(true)}
        aria-label={translate("admin.people.child_correct_named", { name })}
      >
        {translate("admin.people.child_correct")}
      </Button>
      {open ? (
        <CorrectionDialog
          title="admin.people.child_title"
          help="admin.people.child_help"
          saved="admin.people.child_saved"
          fields={fields}
          initial={{
            first_name: child.first_name,
            last_name: child.last_name,
            birth_date: child.birth_date,
            notes: child.notes,
          }}
          save={(values) => dataProvider.correctChild(parent, child.id, values)}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
