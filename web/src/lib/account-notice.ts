import { useSyncExternalStore } from "react";

/**
 * A note about the account that outlives the page it was made on: "registered, you can pay now" after a
 * sign-up in the checkout, "address confirmed, you are signed in" after the verification link (D167), what
 * became of a change link (D577).
 * Small and zod-free: the root layout shows it on every page.
 */
export type AccountNotice = {
  kind:
    | "signedUp"
    | "verified"
    | "emailChanged"
    | "emailChangeTaken"
    | "emailChangeInvalid"
    | "emailChangeOtherAccount"
    | "emailChangeFailed";
  email: string;
};

/** The notices that say something did not work: shown in the error colours (announced as every notice is). */
export const FAILED_NOTICES: readonly AccountNotice["kind"][] = [
  "emailChangeTaken",
  "emailChangeInvalid",
  "emailChangeOtherAccount",
  "emailChangeFailed",
];

let notice: AccountNotice | null = null;
const listeners = new Set<() => void>();

export function showAccountNotice(next: AccountNotice | null) {
  notice = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The notice of the moment, outside React (tests, and code that decides what to show next). */
export function currentAccountNotice(): AccountNotice | null {
  return notice;
}

export function useAccountNotice(): AccountNotice | null {
  return useSyncExternalStore(
    subscribe,
    () => notice,
    () => null,
  );
}
