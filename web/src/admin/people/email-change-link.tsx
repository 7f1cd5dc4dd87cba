import { type AdminPersonDetail, EMAIL_MAX_LENGTH } from "@atelier/contract";
import { Button } from "@mui/material";
import { useState } from "react";
import { useDataProvider, useRecordContext, useTranslate } from "react-admin";
import type { AdminDataProvider } from "../providers/data-provider.ts";
import { CorrectionDialog, type CorrectionField } from "./correction-dialog.tsx";

/**
 * A family that can no longer read its old address (D577): staff send the link to the new one, in the
 * family's language. The account moves when the family opens it there, so nobody moves a sign-in to an
 * address that was not proved. Only a family's account: staff change their own in the shop's profile.
 */
const FIELDS: readonly CorrectionField[] = [
  {
    name: "email",
    label: "admin.people.email_link_field",
    props: {
      required: true,
      type: "email",
      slotProps: { htmlInput: { maxLength: EMAIL_MAX_LENGTH, autoComplete: "off" } },
    },
  },
];

export function EmailChangeLink() {
  const person = useRecordContext<AdminPersonDetail>();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [open, setOpen] = useState(false);
  if (person?.role !== "customer") return null;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        onClick={() => setOpen(true)}
        aria-label={translate("admin.people.email_link_named", {
          name: `${person.first_name} ${person.last_name}`.trim() || person.email,
        })}
      >
        {translate("admin.people.email_link")}
      </Button>
      {open ? (
        <CorrectionDialog
          title="admin.people.email_link_title"
          help="admin.people.email_link_help"
          saved="admin.people.email_link_sent"
          submitLabel="admin.people.email_link_submit"
          fields={FIELDS}
          initial={{ email: "" }}
          save={(values) => dataProvider.sendEmailChangeLink(person.id, values.email ?? "")}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
