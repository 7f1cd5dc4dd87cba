import { DIALOG_RESET_MS } from "@atelier/contract";
import { useSyncExternalStore } from "react";

/** Steps of the sign-in dialog (spec §2). */
export type AuthStep =
  | "Options"
  | "Email"
  | "RestorePassword"
  | "ConfirmRestorePassword"
  | "SignUp"
  | "VerifyEmail"
  /** A verification link opened outside the registering browser asks for the sign-up's password (D540). */
  | "ConfirmEmail";

/** Spec §4 dialog flow: the steps each step may move to. */
export const AUTH_TRANSITIONS: Record<AuthStep, readonly AuthStep[]> = {
  Options: ["Email"],
  Email: ["RestorePassword", "SignUp"],
  RestorePassword: ["Email"],
  SignUp: ["Email", "VerifyEmail"],
  ConfirmRestorePassword: ["Email"],
  VerifyEmail: [],
  ConfirmEmail: ["RestorePassword"],
};

export function canMoveTo(from: AuthStep, to: AuthStep): boolean {
  return AUTH_TRANSITIONS[from].includes(to);
}

/** Spec §2: the dialog title by step. */
export function dialogTitleKey(step: AuthStep): "titleRegistration" | "titleRestore" | "titleSignIn" {
  if (step === "SignUp" || step === "VerifyEmail" || step === "ConfirmEmail") return "titleRegistration";
  if (step === "RestorePassword" || step === "ConfirmRestorePassword") return "titleRestore";
  return "titleSignIn";
}

/** Why the dialog opened at a step, shown as a note there. */
export type AuthNotice =
  | "emailConfirmed"
  | "emailLinkInvalid"
  /** A new address's link opened without a session (D577): sign in, and the link is posted again. */
  | "emailChangeSignIn"
  | "ssoFailed"
  | "ssoNotConfigured"
  /** The server no longer knows the stored sign-in (D539). */
  | "sessionEnded";

export type AuthDialogState = {
  open: boolean;
  step: AuthStep;
  /** The e-mail carried from SignUp to VerifyEmail (spec §4) and prefilled in Email. */
  email?: string | undefined;
  notice?: AuthNotice | undefined;
  /** uid and token of a password reset link (ConfirmRestorePassword). */
  reset?: { uid: string; token: string } | undefined;
  /** uid and token of a verification link that asks for the sign-up's password (ConfirmEmail). */
  verify?: { uid: string; token: string } | undefined;
};

const INITIAL: AuthDialogState = { open: false, step: "Options" };

let state: AuthDialogState = INITIAL;
let resetTimer: ReturnType<typeof setTimeout> | undefined;
/** The element that had the focus when the dialog opened (the header's sign-in button, usually). */
let opener: Element | null = null;
const listeners = new Set<() => void>();

function setState(next: AuthDialogState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Opens the dialog, at Options unless a link asks for another step. */
export function openAuthDialog(at: Omit<Partial<AuthDialogState>, "open"> = {}) {
  clearTimeout(resetTimer);
  if (!state.open) opener = typeof document === "undefined" ? null : document.activeElement;
  setState({ ...INITIAL, ...at, open: true });
}

/** Moves along the spec §4 flow; a move the flow does not allow is ignored. */
export function moveAuthDialog(to: AuthStep, extra: Pick<AuthDialogState, "email"> = {}) {
  if (!canMoveTo(state.step, to)) return;
  setState({ ...state, ...extra, step: to, notice: undefined });
}

/** Closes the dialog; it returns to Options after DIALOG_RESET_MS (500 ms), once the close animation ends. */
export function closeAuthDialog() {
  setState({ ...state, open: false });
  clearTimeout(resetTimer);
  resetTimer = setTimeout(() => setState(INITIAL), DIALOG_RESET_MS);
}

/**
 * Where the focus goes back when the dialog closes: the element that opened it, while it is still on the
 * page (after a sign-in the sign-in button is gone, and so is the need). Radix can only return the focus
 * to a `Dialog.Trigger`, and this dialog is opened from several places and from links.
 */
export function authDialogOpener(): HTMLElement | null {
  if (typeof document === "undefined") return null;
  if (!(opener instanceof HTMLElement) || opener === document.body || !opener.isConnected) return null;
  return opener;
}

export function authDialogState(): AuthDialogState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuthDialog(): AuthDialogState {
  return useSyncExternalStore(subscribe, authDialogState, () => INITIAL);
}

/**
 * Spec §2: the dialog opens by itself when the URL carries a reset link's `uid` and `token`
 * (at ConfirmRestorePassword) or the verification result `email=confirmed` (at Email, with a note).
 * Returns where to open it, or null.
 */
export function dialogLaunchFromSearch(searchStr: string): Omit<AuthDialogState, "open"> | null {
  const params = new URLSearchParams(searchStr);
  const uid = params.get("uid");
  const token = params.get("token");
  if (uid && token) return { step: "ConfirmRestorePassword", reset: { uid, token } };
  const email = params.get("email");
  if (email === "confirmed") return { step: "Email", notice: "emailConfirmed" };
  if (email === "invalid") return { step: "Email", notice: "emailLinkInvalid" };
  return null;
}

/** Query keys that only launch the dialog; they are removed from the URL once it is open. */
export const DIALOG_LAUNCH_PARAMS = ["uid", "token", "email"] as const;

/** `searchStr` without the given keys (the rest, including locale, in order). */
export function searchWithout(searchStr: string, keys: readonly string[]): string {
  const params = new URLSearchParams(searchStr);
  for (const key of keys) params.delete(key);
  const query = params.toString();
  return query ? `?${query}` : "";
}
