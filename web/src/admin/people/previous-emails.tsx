import { type AdminPersonDetail, berlinDateTimeText } from "@atelier/contract";
import { Box, Typography } from "@mui/material";
import { Labeled, useRecordContext, useTranslate } from "react-admin";
import { currentAdminLocale } from "../i18n/i18n-provider.ts";

/**
 * The addresses the family moved off (D577), newest first, each with when: a family that calls from its old
 * address is found by it in the list's search and sees here why (D580). Shown only when there are some.
 */
export function PreviousEmails() {
  const person = useRecordContext<AdminPersonDetail>();
  const translate = useTranslate();
  // An instance of the version before answers without them during an upgrade.
  const previous = person?.previous_emails ?? [];
  if (previous.length === 0) return null;
  return (
    <Labeled label="admin.people.previous_emails">
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {previous.map((entry) => (
          <Typography component="li" key={`${entry.email} ${entry.until}`} sx={{ overflowWrap: "anywhere" }}>
            {translate("admin.people.previous_email_until", {
              email: entry.email,
              until: berlinDateTimeText(entry.until, currentAdminLocale()),
            })}
          </Typography>
        ))}
      </Box>
    </Labeled>
  );
}
