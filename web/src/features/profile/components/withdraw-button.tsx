import "../withdrawal-i18n.ts";
import type { HistoryItem } from "@atelier/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { MessageDialog } from "../../../components/ui/message-dialog.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { refusalText } from "../../../lib/error-codes.ts";
import { formatDate } from "../../../lib/format.ts";
import { formatEuro } from "../../../lib/money.ts";
import { withdraw, withdrawalQueryOptions } from "../api/withdrawal-api.ts";

/**
 * "Vertrag widerrufen" on an item that may still be withdrawn (§ 356a BGB, D75), in two steps: the button
 * opens a dialog that shows what comes back, and only "Widerruf bestätigen" withdraws. Shown while the
 * history says the period runs (`withdrawable_until`).
 */
/** The id of an item's "withdrawn on …" line (ItemDocuments), which takes the focus after withdrawing. */
export const withdrawalLineId = (itemId: number) => `withdrawal-line-${itemId}`;

export function WithdrawButton({ item }: { item: HistoryItem }) {
  const { t } = useTranslation("withdrawal");
  const locale = useLocale();
  const until = item.withdrawable_until;
  if (until) return <WithdrawFlow item={item} until={until} />;
  // A workshop or event whose free cancellation has passed (D142): say why the shop no longer refunds.
  if (item.refund_until && !item.withdrawal && item.state === "active") {
    return (
      <p className="text-sm text-slate-700" data-testid={`refund-over-${item.id}`}>
        {t("policy.over", { date: formatDate(item.refund_until, locale) })}
      </p>
    );
  }
  return null;
}

function WithdrawFlow({ item, until }: { item: HistoryItem; until: string }) {
  const { t } = useTranslation("withdrawal");
  const locale = useLocale();
  const queryClient = useQueryClient();
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const view = useQuery({ ...withdrawalQueryOptions(item.id, locale), enabled: open });
  const mutation = useMutation({
    mutationFn: () => withdraw(item.id),
    onSuccess: async () => {
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: ["history"] });
      // The button leaves with the period; the focus goes to the line that says the withdrawal is recorded.
      requestAnimationFrame(() => document.getElementById(withdrawalLineId(item.id))?.focus());
    },
  });

  const data = view.data;
  const name = `${item.product_page.name} – ${item.purchase_option.name}`;
  // A workshop's or event's free cancellation under its refund policy (D142) rather than a withdrawal.
  const words = (
    key:
      | "withdraw"
      | "withdrawLabel"
      | "until"
      | "dialogTitle"
      | "item"
      | "confirm"
      | "working"
      | "loadFailed"
      | "failed",
  ) => (item.refund_until ? (`policy.${key}` as const) : key);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={buttonStyles.secondary}
        aria-label={t(words("withdrawLabel"), { name })}
        onClick={() => {
          mutation.reset();
          setOpen(true);
        }}
        data-testid={`withdraw-${item.id}`}
      >
        {t(words("withdraw"))}
      </button>
      <p className="text-sm text-slate-700">{t(words("until"), { date: formatDate(until, locale) })}</p>
      <MessageDialog
        open={open}
        onClose={() => setOpen(false)}
        tone="info"
        title={t(words("dialogTitle"))}
        returnFocusTo={trigger}
        testId="withdraw-dialog"
        actions={
          <>
            {/* The focus starts on the harmless choice: Enter alone never withdraws. */}
            <button
              type="button"
              data-autofocus
              className={buttonStyles.ghost}
              onClick={() => setOpen(false)}
            >
              {t("cancel")}
            </button>
            <button
              type="button"
              className={buttonStyles.primary}
              disabled={!data?.can_withdraw || mutation.isPending}
              onClick={() => mutation.mutate()}
            >
              {mutation.isPending ? t(words("working")) : t(words("confirm"))}
            </button>
          </>
        }
      >
        <div className="space-y-2">
          <p>{t(words("item"), { name })}</p>
          {view.isPending ? (
            <p role="status">{t("loading")}</p>
          ) : view.isError || !data ? (
            <p role="alert" className="text-red-800">
              {t(words("loadFailed"))}
            </p>
          ) : data.can_withdraw ? (
            <>
              <p className="font-semibold" data-testid="withdraw-amount">
                {t("amount", {
                  amount: formatEuro(data.refund_cents, locale),
                  paid: formatEuro(data.paid_cents, locale),
                })}
              </p>
              <p>{t(`basis.${data.basis}`)}</p>
              {/* A gift card holds no seat (D486). */}
              <p className="text-sm">
                {t(item.product_page.product_type === "GiftCard" ? "howGiftCard" : "how")}
              </p>
            </>
          ) : (
            <p role="alert">{t(`blocked.${data.blocked_by ?? "not_active"}`)}</p>
          )}
          {mutation.isError ? (
            <p role="alert" className="text-red-800">
              {/* A refusal the server names (the 14 days or the free cancellation just ran out, D75) in the
                  contract's words; only a failure it does not explain asks to try again. */}
              {refusalText(mutation.error) ?? t(words("failed"))}
            </p>
          ) : null}
        </div>
      </MessageDialog>
    </>
  );
}
