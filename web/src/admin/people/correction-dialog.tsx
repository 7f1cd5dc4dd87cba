import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField as MuiTextField,
} from "@mui/material";
import { type ComponentProps, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { type HttpError, useNotify, useRefresh, useTranslate } from "react-admin";
import { failureText } from "../shared/use-staff-action.ts";

/** One field of a correction: its name in the request, its label's key and the text field's own props. */
export type CorrectionField = {
  name: string;
  label: string;
  props?: Partial<ComponentProps<typeof MuiTextField>>;
};

/**
 * A dialog in which staff correct a family's data when it asks (a child's, D549; the parent's, D576): the
 * fields prefilled, what the server refuses shown at its field, and the first refused field takes the focus.
 * `save` sends the values; on success the page is read again and the dialog closes.
 */
export function CorrectionDialog({
  title,
  help,
  saved,
  submitLabel = "ra.action.save",
  fields,
  initial,
  save,
  onClose,
}: {
  title: string;
  help: string;
  saved: string;
  /** The label of the button that sends (a correction saves; a link is sent, D577). */
  submitLabel?: string;
  fields: readonly CorrectionField[];
  initial: Record<string, string>;
  save: (values: Record<string, string>) => Promise<unknown>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Record<string, HTMLInputElement | HTMLTextAreaElement | null>>({});
  // The fields' order, read when a refusal comes: the focus moves then only, not while staff type.
  const order = useRef(fields);
  order.current = fields;

  useEffect(() => {
    const first = order.current.find((field) => refused[field.name]);
    if (first) inputs.current[first.name]?.focus();
  }, [refused]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setRefused({});
    try {
      await save(values);
      notify(saved, { type: "success" });
      refresh();
      onClose();
    } catch (failure) {
      const errors = ((failure as HttpError).body?.errors ?? {}) as Record<string, unknown>;
      const atFields = Object.fromEntries(
        fields.flatMap(({ name }) => (typeof errors[name] === "string" ? [[name, errors[name]]] : [])),
      ) as Record<string, string>;
      if (Object.keys(atFields).length > 0) setRefused(atFields);
      else setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{translate(title)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate(help)}</DialogContentText>
          {fields.map(({ name, label, props = {} }) => (
            <MuiTextField
              key={name}
              {...props}
              label={translate(label)}
              value={values[name] ?? ""}
              onChange={(event) => setValues((now) => ({ ...now, [name]: event.target.value }))}
              error={Boolean(refused[name])}
              // The server's refusal takes the place of the field's own hint.
              helperText={refused[name] ?? props.helperText}
              inputRef={(element: HTMLInputElement | null) => {
                inputs.current[name] = element;
              }}
              fullWidth
              margin="normal"
              name={name}
            />
          ))}
          {error ? (
            <DialogContentText role="alert" color="error">
              {error}
            </DialogContentText>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate("ra.action.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate(submitLabel)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
