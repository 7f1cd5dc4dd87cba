import { berlinDateTimeText, type CreditView } from "@atelier/contract";
import { Alert, Box, Typography } from "@mui/material";
import { useGetList, useLocaleState, useTranslate } from "react-admin";
import { adminLocaleOf } from "../i18n/i18n-provider.ts";
import { failureText } from "../shared/use-staff-action.ts";

/** One credit in words: child, course, the missed date and why, and whether it is open, used or expired. */
function CreditLine({ credit }: { credit: CreditView }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const date = (day: string) => berlinDateTimeText(day, adminLocaleOf(locale));
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`admin.lessons.credits.${key}`, options);
  return (
    <Typography component="li" data-testid="family-credit">
      {t("line", { child: credit.visitor_name, course: credit.product_name, date: date(credit.source_date) })}
      {` (${t(`reason.${credit.reason}`)}) · `}
      <strong>{t(`status.${credit.status}`, { date: date(credit.expires_on) })}</strong>
      {credit.makeup
        ? ` · ${t("makeup", { date: date(credit.makeup.date), start: credit.makeup.start })}`
        : ""}
    </Typography>
  );
}

/** A family's makeup credits on the person's page (D367): each with its expiry, used and expired ones too. */
export function FamilyCredits({ user }: { user: number }) {
  const translate = useTranslate();
  const { data, error } = useGetList<CreditView>("lesson-credits", {
    filter: { user },
    pagination: { page: 1, perPage: 1000 },
  });
  return (
    <Box component="section" aria-labelledby="family-credits-title">
      <Typography variant="subtitle1" id="family-credits-title">
        {translate("admin.lessons.credits.title")}
      </Typography>
      {error ? <Alert severity="error">{failureText(error)}</Alert> : null}
      {data && data.length === 0 ? <Typography>{translate("admin.lessons.credits.none")}</Typography> : null}
      {data && data.length > 0 ? (
        <Box component="ul" sx={{ pl: 2, m: 0 }}>
          {data.map((credit) => (
            <CreditLine key={credit.id} credit={credit} />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
