import { useState } from "react";
import { useNotify, useRefresh } from "react-admin";
import { useFormState } from "react-hook-form";
import { noAnswerText } from "../i18n/i18n-provider.ts";

/**
 * The text of a failed call: `adminFetch` rejects with the server's message in the staff's language. A call
 * that reached no server rejects with the browser's own English words ("Failed to fetch", a `TypeError`):
 * staff read the back office's words for it instead (D507).
 */
export const failureText = (failure: unknown) => {
  // Only the browser's own words for a failed request: a TypeError of the screen's code keeps its message.
  if (failure instanceof TypeError && /fetch|network|load failed/i.test(failure.message))
    return noAnswerText();
  return failure instanceof Error ? failure.message : String(failure);
};

/**
 * The notice after a staff write: a translation key, shown as a success; or chosen by the write's answer,
 * when the answer says how it went (a refund tried again was refused again: a warning, D571).
 */
export type DoneNotice =
  | string
  | ((answer: unknown) => { key: string; type: "success" | "info" | "warning" });

/**
 * A staff write started by a button or a dialog: `busy` while it runs; on success a notice of `done` (a
 * translation key), the view refreshed and `onDone` (a dialog closes); on failure the server's message,
 * in the dialog's own `error` when it shows one (`inDialog`), else as a notice.
 */
export function useStaffAction({
  inDialog = false,
  onDone,
}: {
  inDialog?: boolean;
  onDone?: () => void;
} = {}) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<unknown>, done: DoneNotice) {
    setError(null);
    setBusy(true);
    try {
      const answer = await action();
      const notice = typeof done === "string" ? { key: done, type: "success" as const } : done(answer);
      notify(notice.key, { type: notice.type });
      refresh();
      onDone?.();
    } catch (failure) {
      if (inDialog) setError(failureText(failure));
      else notify(failureText(failure), { type: "error" });
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, setError, run };
}

/**
 * Whether the record's form around an action holds changes not saved yet. The action refreshes the record
 * (its version changes), which would drop them and make their save stale: the action waits for "Speichern"
 * (D531). Only for actions inside a record's form.
 */
export function useUnsavedChanges(): boolean {
  return useFormState().isDirty;
}
