import "../i18n.ts";
import type { WaitingListEntry } from "@atelier/contract";
import { useMutation } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { OkMessageDialog } from "../../../components/ui/message-dialog.tsx";
import { serverMessage } from "../../../lib/error-codes.ts";
import { waitingListApi } from "../api/waiting-list-api.ts";

/** What the booking form hands over for one full slot or week (the props of its JoinWaitingList slot). */
export type JoinWaitingListProps = {
  unit: { schedule_slot: number } | { academy_week: number };
  /** The slot's or week's text, for the button's accessible name. */
  when: string;
  optionId: string | null;
  visitorId: string | null;
  visitorName: string | null;
};

/**
 * "Auf die Warteliste" beside a full slot or week (D79): puts the chosen child in line; a guest is asked
 * to sign in first. The outcome is told in a dialog, as the booking form tells its own.
 */
export function JoinWaitingList({
  signedIn,
  onSignIn,
  unit,
  when,
  optionId,
  visitorId,
  visitorName,
}: JoinWaitingListProps & { signedIn: boolean; onSignIn: () => void }) {
  const { t } = useTranslation("waitingList");
  const button = useRef<HTMLButtonElement>(null);
  const [joined, setJoined] = useState<WaitingListEntry | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const join = useMutation({
    mutationFn: () =>
      waitingListApi.join({ ...unit, purchase_option: Number(optionId), visitor: Number(visitorId) }),
    onSuccess: (entry) => setJoined(entry),
    onError: (error) => setFailure(serverMessage(error) ?? t("join.failed")),
  });

  const onClick = () => {
    if (!signedIn) return onSignIn();
    if (!optionId || !visitorId) return setFailure(t("join.chooseOptionAndChild"));
    join.mutate();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className={`${buttonStyles.secondary} mt-2`}
        aria-label={t("join.buttonFor", { when })}
        disabled={join.isPending}
        onClick={onClick}
      >
        {join.isPending ? t("join.joining") : t("join.button")}
      </button>
      <OkMessageDialog
        open={joined !== null}
        onClose={() => setJoined(null)}
        tone="info"
        title={t("join.joinedTitle")}
        returnFocusTo={button}
        testId="waiting-list-joined-dialog"
        okLabel={t("join.ok")}
      >
        <p>
          {t("join.joinedText", {
            name: joined?.visitor_name ?? visitorName ?? "",
            position: joined?.position ?? 1,
          })}
        </p>
      </OkMessageDialog>
      <OkMessageDialog
        open={failure !== null}
        onClose={() => setFailure(null)}
        tone="alert"
        title={t("join.failedTitle")}
        returnFocusTo={button}
        testId="waiting-list-failed-dialog"
        okLabel={t("join.ok")}
      >
        <p>{failure}</p>
      </OkMessageDialog>
    </>
  );
}
