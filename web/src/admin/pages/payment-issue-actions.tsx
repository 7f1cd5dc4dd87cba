import type { AdminPaymentIssue, Dashboard as DashboardData } from "@atelier/contract";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useTranslate } from "react-admin";
import { adminFetch } from "../providers/data-provider.ts";
import { DialogMessage, NoteField } from "../shared/note-field.tsx";
import { useStaffAction } from "../shared/use-staff-action.ts";

type Issue = DashboardData["payment_issues"][number];

/** The note that says what a person did, asked before a payment is marked handled (D565). */
function ResolveDialog({
  issue,
  onClose,
  onDone,
}: {
  issue: Issue;
  onClose: () => void;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`attendance.dashboard.${key}`, options);
  const { busy, error, setError, run } = useStaffAction({ inDialog: true, onDone });
  const [note, setNote] = useState("");
  const [noteMissing, setNoteMissing] = useState(false);
  const id = useId();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setNoteMissing(!note.trim());
    if (!note.trim()) {
      setError(t("resolve_note_missing"));
      return;
    }
    await run(
      () => adminFetch("POST", `payment-issues/${issue.payment}/resolve/`, { body: { note: note.trim() } }),
      "attendance.dashboard.resolved",
    );
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{t("resolve_title", { order: issue.order })}</DialogTitle>
        <DialogContent>
          <Typography gutterBottom>{t("resolve_text")}</Typography>
          <NoteField
            id={`${id}-note`}
            label={t("resolve_note")}
            value={note}
            onChange={setNote}
            required
            invalid={noteMissing}
            messageId={error ? `${id}-error` : undefined}
          />
          <DialogMessage id={`${id}-error`} text={error} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate("ra.action.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t("resolve_issue")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * How the new try went, by the issue's state in the answer (D571): the payment service took the refund;
 * refused it again (it stays on the dashboard); or could not be reached (the payment worker tries again).
 */
function retriedNotice(answer: unknown) {
  const { state } = (answer as { json: AdminPaymentIssue }).json;
  if (state === "refunded") return { key: "attendance.dashboard.refund_sent", type: "success" as const };
  if (state === "refund_failed")
    return { key: "attendance.dashboard.refund_refused_again", type: "warning" as const };
  return { key: "attendance.dashboard.refund_retried", type: "info" as const };
}

/**
 * What staff do with a payment that needs a person (D565): a refund given up after its tries is tried again
 * at once (D571; the payment worker takes it in its next rounds when the payment service cannot be
 * reached), and any of them is marked handled with a note. The dashboard is read again.
 */
export function PaymentIssueActions({ issue, reload }: { issue: Issue; reload: () => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`attendance.dashboard.${key}`, options);
  const { busy, run } = useStaffAction({ onDone: reload });
  const [resolving, setResolving] = useState(false);
  return (
    <>
      {issue.state === "refund_failed" ? (
        <Button
          size="small"
          disabled={busy}
          aria-label={t("retry_refund_label", { order: issue.order })}
          onClick={() =>
            run(
              // Another staff member may have acted already: the list is read again either way.
              () =>
                adminFetch("POST", `payment-issues/${issue.payment}/retry/`).catch((failure: unknown) => {
                  reload();
                  throw failure;
                }),
              retriedNotice,
            )
          }
        >
          {t("retry_refund")}
        </Button>
      ) : null}
      <Button
        size="small"
        disabled={busy}
        aria-label={t("resolve_issue_label", { order: issue.order })}
        onClick={() => setResolving(true)}
      >
        {t("resolve_issue")}
      </Button>
      {resolving ? (
        <ResolveDialog
          issue={issue}
          onClose={() => setResolving(false)}
          onDone={() => {
            setResolving(false);
            reload();
          }}
        />
      ) : null}
    </>
  );
}
