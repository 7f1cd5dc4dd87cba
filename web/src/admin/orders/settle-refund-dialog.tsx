import type { AdminOrder, AdminOrderRefund, RefundSettleAction } from "@atelier/contract";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from "@mui/material";
import { useId, useState } from "react";
import { useDataProvider, useTranslate } from "react-admin";
import type { AdminDataProvider } from "../providers/data-provider.ts";
import { useStaffAction } from "../shared/use-staff-action.ts";
import { euro } from "./order-format.ts";

const CHOICES: readonly { action: RefundSettleAction; label: string }[] = [
  { action: "retry", label: "settle_retry" },
  { action: "refunded_at_gateway", label: "settle_gateway" },
  { action: "refunded_elsewhere", label: "settle_elsewhere" },
];

/**
 * A refund the gateway would not take, settled by staff (D565): sent again in a new round, or noted as
 * refunded by hand in the payment account or elsewhere, with a note for the audit log.
 */
export function SettleRefundDialog({
  order,
  refund,
  onClose,
}: {
  order: AdminOrder;
  refund: AdminOrderRefund;
  onClose: () => void;
}) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`admin.orders.${key}`, options);
  const { busy, error, setError, run } = useStaffAction({ inDialog: true, onDone: onClose });
  const [action, setAction] = useState<RefundSettleAction>("retry");
  const [note, setNote] = useState("");
  const id = useId();
  // Only noting what a person did needs their words; a new round is the shop's own try.
  const noteNeeded = action !== "retry";

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (noteNeeded && !note.trim()) {
      setError(t("settle_note_missing"));
      return;
    }
    await run(
      () =>
        dataProvider.settleOrderRefund(order.id, {
          source: refund.source,
          refund: refund.id,
          action,
          ...(note.trim() ? { note: note.trim() } : {}),
        }),
      action === "retry" ? "admin.orders.settle_done_retry" : "admin.orders.settle_done",
    );
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{t("settle_title")}</DialogTitle>
        <DialogContent>
          <Typography gutterBottom>
            {t("settle_text", {
              amount: euro(refund.amount_cents - refund.gift_card_cents),
              attempts: refund.attempts,
            })}
          </Typography>
          {refund.last_error ? (
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {t("settle_last_error", { error: refund.last_error })}
            </Typography>
          ) : null}
          <FormControl component="fieldset" margin="normal">
            <FormLabel component="legend" id={`${id}-choice`}>
              {t("settle_choice")}
            </FormLabel>
            <RadioGroup
              aria-labelledby={`${id}-choice`}
              name="action"
              value={action}
              onChange={(event) => setAction(event.target.value as RefundSettleAction)}
            >
              {CHOICES.map((choice) => (
                <FormControlLabel
                  key={choice.action}
                  value={choice.action}
                  control={<Radio />}
                  label={t(choice.label)}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <TextField
            label={t("settle_note")}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            required={noteNeeded}
            multiline
            minRows={2}
            fullWidth
            margin="normal"
            name="note"
            helperText={t("settle_note_hint")}
            slotProps={{
              htmlInput: { maxLength: 500, "aria-describedby": error ? `${id}-error` : undefined },
            }}
          />
          {error ? (
            <Typography id={`${id}-error`} role="alert" color="error">
              {error}
            </Typography>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t("refund_cancel_button")}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t("refund_submit")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
