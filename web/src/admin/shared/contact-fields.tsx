import { Link } from "@mui/material";
import { type FieldProps, useFieldValue } from "react-admin";

/** Digits and a leading plus: what a `tel:` address may hold ("+49 151 1234" is dialled as "+491511234"). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

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
      {value}
    </Link>
  );
}
