import {
  type AdminPersonDetail,
  internationalPhone,
  NAME_MAX_LENGTH,
  TEXT_MAX_LENGTH,
} from "@atelier/contract";
import { Button } from "@mui/material";
import { useState } from "react";
import { useDataProvider, useRecordContext, useTranslate } from "react-admin";
import type { AdminDataProvider } from "../providers/data-provider.ts";
import { CorrectionDialog, type CorrectionField } from "./correction-dialog.tsx";

/**
 * Staff correct a parent's own data when the family asks (D576): names, phone and the address the next
 * invoice is made out to, under the rules of the parent's own profile. The e-mail is the sign-in and stays.
 * Only a family's account: staff change their own data in the shop under "Mein Profil".
 */

type Editable = Pick<
  AdminPersonDetail,
  "first_name" | "last_name" | "phone_number" | "company_name" | "street" | "post_code" | "city" | "country"
>;

/** A text field of the parent's, at most `max` characters, as the parent's own profile takes it. */
const field = (
  name: keyof Editable,
  max = TEXT_MAX_LENGTH,
  props: CorrectionField["props"] = {},
): CorrectionField => ({
  name,
  label: `admin.people.parent_${name}`,
  props: { ...props, slotProps: { htmlInput: { maxLength: max, autoComplete: "off" } } },
});

const FIELDS: readonly CorrectionField[] = [
  field("first_name", NAME_MAX_LENGTH, { required: true }),
  field("last_name", NAME_MAX_LENGTH, { required: true }),
  // As typed, with spaces: the server takes up to TEXT_MAX_LENGTH characters and checks the bare number.
  field("phone_number", TEXT_MAX_LENGTH, { type: "tel" }),
  field("company_name"),
  field("street"),
  field("post_code"),
  field("city"),
  field("country"),
];

export function ParentCorrection() {
  const person = useRecordContext<AdminPersonDetail>();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [open, setOpen] = useState(false);
  if (person?.role !== "customer") return null;
  const initial = Object.fromEntries(
    FIELDS.map(({ name }) => [name, String(person[name as keyof Editable])]),
  );
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        onClick={() => setOpen(true)}
        aria-label={translate("admin.people.parent_correct_named", {
          name: `${person.first_name} ${person.last_name}`.trim() || person.email,
        })}
      >
        {translate("admin.people.parent_correct")}
      </Button>
      {open ? (
        <CorrectionDialog
          title="admin.people.parent_title"
          help="admin.people.parent_help"
          saved="admin.people.parent_saved"
          fields={FIELDS}
          initial={initial}
          // Only what staff changed: a field they did not touch is never refused for what it held before
          // (a social sign-in's empty name, a long address a payment service gave).
          save={(values) =>
            dataProvider.correctPerson(
              person.id,
              Object.fromEntries(
                Object.entries(values)
                  .filter(([name, value]) => value !== initial[name])
                  // A number typed as the family says it ("0176 1234567") is sent with +49, as the
                  // parent's own profile sends it.
                  .map(([name, value]) => [
                    name,
                    name === "phone_number" ? internationalPhone(value) : value,
                  ]),
              ),
            )
          }
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
