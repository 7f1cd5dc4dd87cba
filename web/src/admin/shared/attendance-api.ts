import {
  type Dashboard,
  downloadName,
  euroText,
  type LessonSummary,
  type Locale,
  type Roster,
  todayInBerlin,
} from "@atelier/contract";
import { HttpError } from "react-admin";
import { adminI18n, currentAdminLocale } from "../i18n/i18n-provider.ts";
import { ADMIN_API, ADMIN_TOKEN_KEY, adminFetch } from "../providers/data-provider.ts";

export const fetchLessons = async (date: string) =>
  (await adminFetch("GET", "attendance/lessons/", { query: { date } })).json as LessonSummary[];

export const fetchRoster = async (slot: number, date: string) =>
  (await adminFetch("GET", "attendance/", { query: { slot: String(slot), date } })).json as Roster;

export const fetchDashboard = async () => (await adminFetch("GET", "dashboard/")).json as Dashboard;

let dashboardAhead: { reply: Promise<Dashboard>; at: number } | undefined;
/** A read ahead older than this is not shown (sign-in led elsewhere first): the dashboard reads again. */
const AHEAD_MS = 10_000;

/**
 * Asks for the dashboard as soon as the staff member has signed in (or opens /admin with a session), beside
 * `me/` and the layout's first render instead of after them (D186). A refusal (a customer's 403) is left
 * to the refusal page; the dashboard reads again then.
 */
export function fetchDashboardAhead(): void {
  const reply = fetchDashboard();
  reply.catch(() => {});
  dashboardAhead = { reply, at: Date.now() };
}

/** The dashboard asked for ahead, once and only just now; otherwise a fresh read. */
export function takeDashboard(): Promise<Dashboard> {
  const ahead = dashboardAhead;
  dashboardAhead = undefined;
  return ahead && Date.now() - ahead.at < AHEAD_MS ? ahead.reply : fetchDashboard();
}

/**
 * Saves a file the API answers with (CSV, ZIP): fetched with the staff token, since a plain link carries
 * none, and handed to the browser as a download under the server's file name.
 */
export async function downloadFile(path: string, query: Record<string, string> = {}): Promise<void> {
  const url = new URL(`${ADMIN_API}/${path}`, window.location.origin);
  for (const [key, value] of Object.entries({ ...query, locale: currentAdminLocale() }))
    url.searchParams.set(key, value);
  const token = localStorage.getItem(ADMIN_TOKEN_KEY);
  const response = await fetch(url, { headers: token ? { Authorization: `Token ${token}` } : {} });
  // Said in words wherever the download was started (an invoice, a card, the accounting month).
  if (!response.ok) throw new HttpError(adminI18n.translate("attendance.download_failed"), response.status);
  const name = downloadName(response.headers.get("content-disposition"), "download");
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await response.blob());
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** A Berlin day as YYYY-MM-DD, `offset` days from today. */
export function berlinDay(offset = 0): string {
  const day = todayInBerlin();
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

export const euros = (cents: number, locale: Locale) => euroText(cents, locale);
