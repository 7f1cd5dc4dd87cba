import type { AdminOrder, AdminOrderRefund, RefundSettleAction } from "@atelier/contract";
import {
  Dialog,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from "@mui/material";
import { useId, useState } from "react";
import { useDataProvider, useTranslate } from "react-admin";
import type { AdminDataProvider } from "../providers/data-provider.ts";
import { DialogMessage, NoteField } from "../shared/note-field.tsx";
import { useStaffAction } from "../shared/use-staff-action.ts";
import { CancelAndSubmit } from "./cancel-and-submit.tsx";
import { euro } from "./order-format.ts";

const CHOICES: readonly { action: RefundSettleAction; label: string }[] = [
  { action: "retry", label: "settle_retry" },
  { action: "refunded_at_gateway", label: "settle_gateway" },
  { action: "refunded_elsewhere", label: "settle_elsewhere" },
];

/** The three ways to settle it, as a group of radio buttons with its question as legend; none at first. */
function SettleChoices({
  value,
  onChange,
}: {
  value: RefundSettleAction | "";
  onChange: (action: RefundSettleAction) => void;
}) {
  const translate = useTranslate();
  const id = useId();
  return (
    <FormControl component="fieldset" margin="normal">
      <FormLabel component="legend" id={id}>
        {translate("admin.orders.settle_choice")}
      </FormLabel>
      <RadioGroup
        aria-labelledby={id}
        name="action"
        value={value}
        onChange={(event) => onChange(event.target.value as RefundSettleAction)}
      >
        {CHOICES.map((choice) => (
          <FormControlLabel
            key={choice.action}
            value={choice.action}
            control={<Radio />}
            label={translate(`admin.orders.${choice.label}`)}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/**
 * A refund the gateway would not take, settled by staff (D565): sent again in a new round, or noted as
 * refunded by hand in the payment account or elsewhere, with a note for the audit log.
 */
export function SettleRefundDialog({
  order,
  refund,
  onClose,
  onSettled,
}: {
  order: AdminOrder;
  refund: AdminOrderRefund;
  onClose: () => void;
  /** After a settle went through (not after a cancel). */
  onSettled?: () => void;
}) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`admin.orders.${key}`, options);
  const { busy, error, setError, run } = useStaffAction({
    inDialog: true,
    onDone: () => {
      onClose();
      onSettled?.();
    },
  });
  // Nothing chosen at first: one of the choices sends money.
  const [action, setAction] = useState<RefundSettleAction | "">("");
  const [note, setNote] = useState("");
  const [noteMissing, setNoteMissing] = useState(false);
  const id = useId();
  // Only noting what a person did needs their words; a new try is the shop's own.
  const noteNeeded = action !== "" && action !== "retry";

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setNoteMissing(false);
    if (action === "") {
      setError(t("settle_choice_missing"));
      return;
    }
    if (noteNeeded && !note.trim()) {
      setNoteMissing(true);
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
          {refund.failed_at_bank ? <Typography gutterBottom>{t("settle_failed_at_bank")}</Typography> : null}
          {refund.gateway_unreachable ? (
            <Typography gutterBottom>{t("settle_unreachable")}</Typography>
          ) : null}
          <SettleChoices value={action} onChange={setAction} />
          <NoteField
            id={`${id}-note`}
            label={t("settle_note")}
            value={note}
            onChange={setNote}
            required={noteNeeded}
            invalid={noteMissing}
            hint={t("settle_note_hint")}
            messageId={error ? `${id}-error` : undefined}
          />
          <DialogMessage id={`${id}-error`} text={error} />
        </DialogContent>
        <CancelAndSubmit busy={busy} onClose={onClose} />
      </form>
    </Dialog>
  );
}
