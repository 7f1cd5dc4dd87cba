import { TextField, Typography } from "@mui/material";

/**
 * A staff member's own words in a dialog (a note for the audit log): up to 500 characters, its hint and the
 * dialog's message (once shown, `messageId`) read with the field, marked invalid when it is what is missing.
 */
export function NoteField({
  id,
  label,
  value,
  onChange,
  required,
  invalid,
  hint,
  messageId,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required: boolean;
  invalid: boolean;
  hint?: string;
  messageId?: string;
}) {
  const describedBy = [hint ? `${id}-helper-text` : "", messageId ?? ""].join(" ").trim();
  return (
    <TextField
      id={id}
      error={invalid}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required={required}
      multiline
      minRows={2}
      fullWidth
      margin="normal"
      name="note"
      helperText={hint}
      slotProps={{ htmlInput: { maxLength: 500, "aria-describedby": describedBy || undefined } }}
    />
  );
}

/** The dialog's message: what went wrong, announced when it appears. */
export function DialogMessage({ id, text }: { id: string; text: string | null }) {
  return text ? (
    <Typography id={id} role="alert" color="error">
      {text}
    </Typography>
  ) : null;
}
