import { CHILD_NOTES_MAX, NAME_MAX_LENGTH } from "@atelier/contract";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField as MuiTextField,
} from "@mui/material";
import { useEffect, useId, useRef, useState } from "react";
import { type HttpError, useDataProvider, useNotify, useRefresh, useTranslate } from "react-admin";
import type { AdminDataProvider } from "../providers/data-provider.ts";
import { failureText } from "../shared/use-staff-action.ts";

/**
 * Staff correct a child's data when the family asks (D549): names, birth date and the team's notes the
 * roster shows (allergies, who fetches the child). The server keeps the parent's own rules for names and
 * birth dates; what it refuses is shown at its field, and the first refused field takes the focus.
 */

export type Child = { id: number; first_name: string; last_name: string; birth_date: string; notes: string };

const FIELDS = ["first_name", "last_name", "birth_date", "notes"] as const;
type Field = (typeof FIELDS)[number];

export function ChildCorrection({ parent, child }: { parent: number; child: Child }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const name = `${child.first_name} ${child.last_name}`.trim();
  return (
    <>
      <Button
        size="small"
        onClick={() => setOpen(true)}
        aria-label={translate("admin.people.child_correct_named", { name })}
      >
        {translate("admin.people.child_correct")}
      </Button>
      {open ? <ChildDialog parent={parent} child={child} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ChildDialog({ parent, child, onClose }: { parent: number; child: Child; onClose: () => void }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    first_name: child.first_name,
    last_name: child.last_name,
    birth_date: child.birth_date,
    notes: child.notes,
  });
  const [refused, setRefused] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  useEffect(() => {
    const first = FIELDS.find((field) => refused[field]);
    if (first) inputs.current[first]?.focus();
  }, [refused]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setRefused({});
    try {
      await dataProvider.correctChild(parent, child.id, values);
      notify("admin.people.child_saved", { type: "success" });
      refresh();
      onClose();
    } catch (failure) {
      const errors = ((failure as HttpError).body?.errors ?? {}) as Record<string, unknown>;
      const atFields = Object.fromEntries(
        FIELDS.flatMap((field) => (typeof errors[field] === "string" ? [[field, errors[field]]] : [])),
      ) as Partial<Record<Field, string>>;
      if (Object.keys(atFields).length > 0) setRefused(atFields);
      else setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: Field, extra: Partial<React.ComponentProps<typeof MuiTextField>> = {}) => (
    <MuiTextField
      {...extra}
      label={translate(`admin.people.child_${name}`)}
      value={values[name]}
      onChange={(event) => setValues((now) => ({ ...now, [name]: event.target.value }))}
      error={Boolean(refused[name])}
      // The server's refusal takes the place of the field's own hint.
      helperText={refused[name] ?? extra.helperText}
      inputRef={(element: HTMLInputElement | null) => {
        inputs.current[name] = element;
      }}
      fullWidth
      margin="normal"
      name={name}
    />
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{translate("admin.people.child_title")}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate("admin.people.child_help")}</DialogContentText>
          {field("first_name", { required: true, slotProps: { htmlInput: { maxLength: NAME_MAX_LENGTH } } })}
          {field("last_name", { required: true, slotProps: { htmlInput: { maxLength: NAME_MAX_LENGTH } } })}
          {field("birth_date", { type: "date", required: true, slotProps: { inputLabel: { shrink: true } } })}
          {field("notes", {
            multiline: true,
            minRows: 2,
            helperText: translate("admin.people.child_notes_help"),
            slotProps: { htmlInput: { maxLength: CHILD_NOTES_MAX } },
          })}
          {error ? (
            <DialogContentText role="alert" color="error">
              {error}
            </DialogContentText>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate("ra.action.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate("ra.action.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
