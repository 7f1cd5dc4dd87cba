import { downloadName, type ErrorBody, type Locale, STORAGE_KEYS } from "@atelier/contract";
import { currentLocale } from "../i18n/i18n.ts";
import { readCookie } from "./cookies.ts";
import { endStoredSession } from "./session.ts";
import { browserStorage } from "./storage.ts";

/** The one path that must not carry the stored token (spec §7). */
export const SIGN_IN_PATH = "/api/v2/users/sign_in/";
/** Its 401 means the token was revoked already; the logout goes on locally (sign-in-flow.ts). */
const LOGOUT_PATH = "/api/v2/users/logout/";

/** Spec §7: only non-idempotent requests are retried, once, on these statuses. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const NON_IDEMPOTENT = new Set(["POST", "PATCH"]);

export type QueryValue = string | number | boolean | null | undefined;
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Rejection value of every failed call: `body` is the parsed response body (DRF-style when JSON). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | string | null,
  ) {
    super(status === 0 ? "Network Error" : `Request failed with status ${status}`);
    this.name = "ApiError";
  }
}

/** `base` + `path` with the query and the page `locale` (spec §7: every request carries it). */
export function buildApiUrl(
  base: string,
  path: string,
  locale: Locale,
  query: Record<string, QueryValue> = {},
): string {
  const trimmedBase = base.replace(/\/+$/, "");
  const url = new URL(`${trimmedBase}${path}`, "http://same-origin.invalid");
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  if (!url.searchParams.has("locale")) url.searchParams.set("locale", locale);
  const relative = `${url.pathname}${url.search}`;
  return trimmedBase && /^https?:\/\//.test(trimmedBase) ? `${url.origin}${relative}` : relative;
}

/** Whether attempt number `attempt` (0 = the first) of `method` answered with `status` gets another try. */
export function shouldRetry(method: string, status: number, attempt: number): boolean {
  return attempt === 0 && NON_IDEMPOTENT.has(method.toUpperCase()) && RETRY_STATUSES.has(status);
}

export function requestHeaders(input: {
  path: string;
  token: string | null;
  csrfToken: string | undefined;
  hasJsonBody: boolean;
}): Record<string, string> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (input.hasJsonBody) headers["Content-Type"] = "application/json";
  if (input.token && input.path !== SIGN_IN_PATH) headers.Authorization = `Token ${input.token}`;
  if (input.csrfToken) headers["X-CSRFToken"] = input.csrfToken;
  return headers;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("json")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export type ApiRequestOptions = {
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
};

const apiBase = () => import.meta.env.VITE_API_BASE ?? "";

// The server renderer answers the app's requests in-process instead of over HTTP (D86); browsers use fetch.
let transport: typeof fetch = (input, init) => fetch(input, init);

/** Server rendering only: the function that answers the app's API requests. */
export function setApiTransport(next: typeof fetch) {
  transport = next;
}

const browserCookies = () => (typeof document === "undefined" ? "" : document.cookie);

function storedToken(): string | null {
  try {
    return browserStorage()?.getItem(STORAGE_KEYS.token) || null;
  } catch {
    return null;
  }
}

/** A call to the product API (spec §7). Resolves with the parsed body; rejects with an ApiError. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const method = options.method ?? "GET";
  const url = buildApiUrl(apiBase(), path, currentLocale(), options.query);
  const hasJsonBody = options.body !== undefined;
  for (let attempt = 0; ; attempt++) {
    const headers = requestHeaders({
      path,
      token: storedToken(),
      csrfToken: readCookie(browserCookies(), "csrftoken"),
      hasJsonBody,
    });
    let response: Response;
    try {
      response = await transport(url, {
        method,
        headers,
        body: hasJsonBody ? JSON.stringify(options.body) : undefined,
        credentials: "include",
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError(0, null);
    }
    if (response.ok) return (await parseBody(response)) as T;
    // A token the server no longer knows: the sign-in ended, and the browser learns so (D539).
    const sent = headers.Authorization?.slice("Token ".length);
    if (response.status === 401 && sent && path !== LOGOUT_PATH) endStoredSession(sent);
    if (!shouldRetry(method, response.status, attempt)) {
      throw new ApiError(response.status, (await parseBody(response)) as ErrorBody | string | null);
    }
  }
}

export const api = {
  get: <T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal) =>
    apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown, query?: Record<string, QueryValue>) =>
    apiRequest<T>(path, { method: "POST", body, query }),
  put: <T>(path: string, body?: unknown, query?: Record<string, QueryValue>) =>
    apiRequest<T>(path, { method: "PUT", body, query }),
  patch: <T>(path: string, body?: unknown, query?: Record<string, QueryValue>) =>
    apiRequest<T>(path, { method: "PATCH", body, query }),
  delete: <T>(path: string, query?: Record<string, QueryValue>) =>
    apiRequest<T>(path, { method: "DELETE", query }),
};

/**
 * A file the API serves only to the signed-in user (invoice PDF, calendar): fetched with the stored token
 * and handed to the browser as a download, so no secret ever sits in a link (D77).
 */
export async function apiDownload(path: string, fallbackName: string): Promise<void> {
  const url = buildApiUrl(apiBase(), path, currentLocale());
  const headers = requestHeaders({ path, token: storedToken(), csrfToken: undefined, hasJsonBody: false });
  headers.Accept = "*/*";
  let response: Response;
  try {
    response = await fetch(url, { headers, credentials: "include" });
  } catch {
    throw new ApiError(0, null);
  }
  if (!response.ok) throw new ApiError(response.status, (await parseBody(response)) as ErrorBody | null);
  const name = downloadName(response.headers.get("content-disposition"), fallbackName);
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has its data.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
