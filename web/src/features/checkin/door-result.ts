import type { Checkin } from "@atelier/contract";
import { ApiError } from "../../lib/api-client.ts";
import { errorCodes } from "../../lib/error-codes.ts";
import type { DoorTone } from "./door-sound.ts";

/** What the door shows after a scan: the outcome, and the booking when the server named it. */
export type DoorOutcome =
  | "checked_in"
  | "already_checked_in"
  | "not_today"
  | "contract_ended"
  | "lesson_cancelled"
  | "cancelled"
  | "unpaid"
  | "unknown"
  | "not_staff"
  | "failed";

export type DoorResult = { outcome: DoorOutcome; booking: Checkin | null };

const REFUSED: Record<string, DoorOutcome> = {
  checkin_not_today: "not_today",
  checkin_contract_ended: "contract_ended",
  checkin_lesson_cancelled: "lesson_cancelled",
  checkin_cancelled: "cancelled",
  checkin_unpaid: "unpaid",
};

/** The outcome of a refused check-in: by its error code; 404 unknown; 401/403 not staff; else failed. */
export function refusedOutcome(error: unknown): DoorOutcome {
  if (!(error instanceof ApiError)) return "failed";
  if (error.status === 404) return "unknown";
  if (error.status === 401 || error.status === 403) return "not_staff";
  for (const code of errorCodes(error)) {
    const outcome = REFUSED[code];
    if (outcome) return outcome;
  }
  // Any other 400 is a code that is not one of ours (mistyped, or a QR code of something else).
  return error.status === 400 ? "unknown" : "failed";
}

export const TONE: Record<DoorOutcome, DoorTone> = {
  checked_in: "ok",
  already_checked_in: "again",
  not_today: "no",
  contract_ended: "no",
  lesson_cancelled: "no",
  cancelled: "no",
  unpaid: "no",
  unknown: "no",
  not_staff: "no",
  failed: "no",
};
