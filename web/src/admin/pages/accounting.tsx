import { Box, Button, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { Title, useNotify, useTranslate } from "react-admin";
import { berlinDay, downloadFile } from "../shared/attendance-api.ts";

/**
 * A month's invoices and credit notes for the tax adviser (D134, D282): the list as CSV, the PDFs as one
 * ZIP, the DATEV Buchungsstapel. Opens on this month (issue 29: a day's work starts today).
 */
export function AccountingPage() {
  const translate = useTranslate();
  const notify = useNotify();
  // This month first, in Berlin (issue 29): the month the office works in; the field goes back.
  const [month, setMonth] = useState(() => berlinDay().slice(0, 7));
  const get = (file: string) =>
    downloadFile(`accounting/${month}/${file}`).catch(() =>
      notify("attendance.download_failed", { type: "error" }),
    );
  return (
    <Box sx={{ p: 2, maxWidth: "48rem" }}>
      <Title title={translate("attendance.menu.accounting")} />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {translate("attendance.accounting.title")}
      </Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center" }}>
        <TextField
          type="month"
          label={translate("attendance.accounting.month")}
          value={month}
          onChange={(event) => event.target.value && setMonth(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { pattern: "\\d{4}-\\d{2}" } }}
        />
        <Button variant="contained" onClick={() => get("documents.csv")}>
          {translate("attendance.accounting.csv")}
        </Button>
        <Button variant="outlined" onClick={() => get("documents.zip")}>
          {translate("attendance.accounting.zip")}
        </Button>
        <Button variant="outlined" onClick={() => get("datev.csv")}>
          {translate("attendance.accounting.datev")}
        </Button>
      </Box>
      <Typography sx={{ mt: 2 }}>{translate("attendance.accounting.help")}</Typography>
      <Typography sx={{ mt: 1 }}>{translate("attendance.accounting.datev_help")}</Typography>
    </Box>
  );
}
