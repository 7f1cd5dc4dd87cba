import type { Locale } from "@atelier/contract";
import { Box, Button, MenuItem, TextField as MuiTextField, Stack, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from "react-admin";
import { currentAdminLocale } from "../i18n/i18n-provider.ts";
import type { AdminDataProvider } from "../providers/data-provider.ts";
import { downloadFile } from "../shared/attendance-api.ts";
import { failureText } from "../shared/use-staff-action.ts";

/**
 * A gift card issued by hand (or bought) mailed to its recipient with its PDF, or printed from the same PDF
 * a bought card gets (issue 29; D277). One mail per click: the server answers a mail still waiting.
 */

type Card = {
  id: number;
  code: string;
  is_active: boolean;
  locale: Locale;
  recipient_name: string;
  message: string;
};

export function GiftCardDelivery() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const card = useRecordContext<Card>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const id = useId();
  const [to, setTo] = useState("");
  const [locale, setLocale] = useState<Locale | null>(null);
  const [name, setName] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!card) return null;
  const t = (key: string, args?: Record<string, unknown>) =>
    translate(`admin.gift_card_delivery.${key}`, args);
  const chosen = {
    locale: locale ?? card.locale ?? currentAdminLocale(),
    recipient_name: name ?? card.recipient_name ?? "",
    message: message ?? card.message ?? "",
  };

  async function send() {
    setError(null);
    setBusy(true);
    try {
      await dataProvider.mailGiftCard(card?.id ?? "", { to: to.trim(), ...chosen });
      notify(t("sent", { to: to.trim() }), { type: "success" });
      setTo("");
      refresh();
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="section" aria-labelledby={`${id}-title`} sx={{ p: 2, maxWidth: 720 }}>
      <Typography id={`${id}-title`} variant="h6" component="h2" gutterBottom>
        {t("title")}
      </Typography>
      <Button
        variant="outlined"
        sx={{ mb: 2 }}
        onClick={() =>
          downloadFile(`gift-cards/${card.id}/pdf/`).catch((failure: unknown) =>
            notify(failureText(failure), { type: "error" }),
          )
        }
      >
        {t("pdf")}
      </Button>
      {card.is_active ? (
        <Stack spacing={2}>
          <MuiTextField
            label={t("to")}
            type="email"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            required
            slotProps={{ htmlInput: { "aria-describedby": error ? `${id}-error` : undefined } }}
          />
          <MuiTextField
            select
            label={t("language")}
            value={chosen.locale}
            onChange={(event) => setLocale(event.target.value as Locale)}
          >
            <MenuItem value="de">{t("de")}</MenuItem>
            <MenuItem value="ru">{t("ru")}</MenuItem>
          </MuiTextField>
          <MuiTextField
            label={t("name")}
            value={chosen.recipient_name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <MuiTextField
            label={t("message")}
            value={chosen.message}
            onChange={(event) => setMessage(event.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            helperText={t("message_help")}
          />
          {error ? (
            <Typography id={`${id}-error`} role="alert" color="error">
              {error}
            </Typography>
          ) : null}
          <Box>
            <Button variant="contained" disabled={busy || to.trim() === ""} onClick={() => void send()}>
              {t("send")}
            </Button>
          </Box>
        </Stack>
      ) : (
        <Typography>{t("inactive")}</Typography>
      )}
    </Box>
  );
}
