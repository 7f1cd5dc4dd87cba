import type { AdminOrder, AdminOrderDispute } from "@atelier/contract";
import { Alert, Box, Button, Dialog, DialogContent, DialogTitle, Typography } from "@mui/material";
import { useId, useRef, useState } from "react";
import { useDataProvider, useTranslate } from "react-admin";
import type { AdminDataProvider } from "../providers/data-provider.ts";
import { useEnumLabel } from "../shared/enum-labels.tsx";
import { DialogMessage, NoteField } from "../shared/note-field.tsx";
import { useStaffAction } from "../shared/use-staff-action.ts";
import { CancelAndSubmit } from "./cancel-and-submit.tsx";
import { euro, when } from "./order-format.ts";

/** Staff note that they decided on a lost dispute or a reversal (kept, paid again, cancelled): audited. */
function DecideDialog({
  order,
  dispute,
  onClose,
  onDecided,
}: {
  order: AdminOrder;
  dispute: AdminOrderDispute;
  onClose: () => void;
  onDecided: () => void;
}) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`admin.orders.${key}`, options);
  const { busy, error, setError, run } = useStaffAction({ inDialog: true, onDone: onDecided });
  const [note, setNote] = useState("");
  const [noteMissing, setNoteMissing] = useState(false);
  const id = useId();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setNoteMissing(false);
    if (!note.trim()) {
      setNoteMissing(true);
      setError(t("dispute_note_missing"));
      return;
    }
    await run(
      () => dataProvider.markDisputeHandled(order.id, { dispute: dispute.id, note: note.trim() }),
      "admin.orders.dispute_done",
    );
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{t("dispute_handle_title")}</DialogTitle>
        <DialogContent>
          <Typography gutterBottom>
            {/* A lost PayPal dispute takes nothing itself (D662): its reversal or refund does, if PayPal
                sends one. "0,00 € zurückgebucht" would read as if the family's case had cost nothing. */}
            {dispute.taken_cents > 0
              ? t("dispute_handle_taken", { amount: euro(dispute.taken_cents) })
              : t("dispute_handle_paypal_lost", { amount: euro(dispute.amount_cents) })}{" "}
            {t("dispute_handle_text")}
          </Typography>
          <NoteField
            id={`${id}-note`}
            label={t("dispute_note")}
            value={note}
            onChange={setNote}
            required
            invalid={noteMissing}
            hint={t("dispute_note_hint")}
            messageId={error ? `${id}-error` : undefined}
          />
          <DialogMessage id={`${id}-error`} text={error} />
        </DialogContent>
        <CancelAndSubmit busy={busy} onClose={onClose} />
      </form>
    </Dialog>
  );
}

/**
 * The order's payments disputed at the bank or taken back by PayPal: what happened and what to do, in the
 * staff's language (the server's `notice`), and for a lost case the mark that staff decided on it.
 */
export function DisputesSection({ order }: { order: AdminOrder }) {
  const translate = useTranslate();
  const label = useEnumLabel();
  const [deciding, setDeciding] = useState<AdminOrderDispute | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  if (order.disputes.length === 0) return null;
  const t = (key: string, options?: Record<string, unknown>) => translate(`admin.orders.${key}`, options);
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 3 }} data-testid="order-disputes">
      <Typography id={id} ref={heading} tabIndex={-1} variant="h6" component="h2" gutterBottom>
        {t("disputes_title")}
      </Typography>
      {order.disputes.map((dispute) => (
        // A standing note, not news: read where it stands (role "status"), as the unbooked refund's.
        <Alert
          key={dispute.id}
          severity={dispute.needs_attention ? "warning" : dispute.state === "won" ? "success" : "info"}
          role="status"
          sx={{ mb: 1 }}
          action={
            dispute.state === "lost" && dispute.handled_at === null ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => setDeciding(dispute)}
                aria-label={t("dispute_handle_label", { when: when(dispute.opened_at) })}
              >
                {t("dispute_handle_button")}
              </Button>
            ) : undefined
          }
        >
          <Typography variant="subtitle2" component="p">
            {t("dispute_facts", {
              kind: label("payment_dispute_kind", dispute.kind),
              gateway: label("payment_gateway", dispute.gateway),
              // A reversal is stored as lost, but nothing was argued and lost: PayPal took the money back.
              state:
                dispute.kind === "reversal"
                  ? t("dispute_reversal_state")
                  : label("payment_dispute_state", dispute.state),
              amount: euro(dispute.amount_cents),
              when: when(dispute.opened_at),
            })}
          </Typography>
          <Typography variant="body2" component="p">
            {dispute.notice}
          </Typography>
        </Alert>
      ))}
      {deciding ? (
        <DecideDialog
          order={order}
          dispute={deciding}
          onClose={() => setDeciding(null)}
          // The case's button is gone after the refresh (it is decided now): focus goes to the heading, as
          // after a settled refund (D565), not to the page's body. After MUI gave focus back to the button.
          onDecided={() => {
            setDeciding(null);
            setTimeout(() => heading.current?.focus(), 0);
          }}
        />
      ) : null}
    </Box>
  );
}
