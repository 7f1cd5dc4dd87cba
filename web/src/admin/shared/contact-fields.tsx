import { formatPhone, phoneHref } from "@atelier/contract";
import { Link } from "@mui/material";
import { type FieldProps, useFieldValue } from "react-admin";

/** What a `tel:` address holds: the international number ("0176 1234567" is dialled as "+491761234567"). */
export const telHref = phoneHref;
/** A number as staff read it, grouped ("+49 176 1234567"); stored as the schema keeps it. */
export const groupedPhone = formatPhone;

/**
 * An e-mail address that opens the mail program (D289). A click on it in a list row writes the mail and does
 * not open the row.
 */
export function EmailField(props: FieldProps & { source: string }) {
  const value = useFieldValue(props) as string | null | undefined;
  if (!value) return <span>—</span>;
  return (
    <Link href={`mailto:${value}`} onClick={(event) => event.stopPropagation()}>
      {value}
    </Link>
  );
}

/** A phone number that dials on a phone or hands over to the softphone (D289). */
export function PhoneField(props: FieldProps & { source: string }) {
  const value = useFieldValue(props) as string | null | undefined;
  if (!value) return <span>—</span>;
  return (
    <Link href={telHref(value)} onClick={(event) => event.stopPropagation()}>
      {formatPhone(value)}
    </Link>
  );
}
