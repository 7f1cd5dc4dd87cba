import { STORAGE_KEYS } from "@atelier/contract";
import { browserStorage } from "../../lib/storage.ts";

/** What the sign-up form keeps under `signUpCredentials` (spec §3): never the passwords. */
export type SignUpDraft = { first_name: string; last_name: string; email: string; phone_number: string };

const FIELDS = ["first_name", "last_name", "email", "phone_number"] as const;

export function parseSignUpDraft(raw: string | null): Partial<SignUpDraft> {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== "object") return {};
    const draft: Partial<SignUpDraft> = {};
    for (const field of FIELDS) {
      const text = (value as Record<string, unknown>)[field];
      if (typeof text === "string") draft[field] = text.slice(0, 254);
    }
    return draft;
  } catch {
    return {};
  }
}

/** The draft to store: only the non-password fields, whatever else the form holds. */
export function serializeSignUpDraft(values: Partial<SignUpDraft> & Record<string, unknown>): string {
  const draft: Partial<SignUpDraft> = {};
  for (const field of FIELDS) {
    const text = values[field];
    if (typeof text === "string") draft[field] = text;
  }
  return JSON.stringify(draft);
}

export function loadSignUpDraft(): Partial<SignUpDraft> {
  try {
    return parseSignUpDraft(browserStorage()?.getItem(STORAGE_KEYS.signUpDraft) ?? null);
  } catch {
    return {};
  }
}

export function saveSignUpDraft(values: Partial<SignUpDraft> & Record<string, unknown>) {
  try {
    browserStorage()?.setItem(STORAGE_KEYS.signUpDraft, serializeSignUpDraft(values));
  } catch {
    // Full or blocked storage: the draft is a convenience only.
  }
}

export function clearSignUpDraft() {
  try {
    browserStorage()?.removeItem(STORAGE_KEYS.signUpDraft);
  } catch {
    // See saveSignUpDraft.
  }
}
