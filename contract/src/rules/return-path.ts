import { z } from "zod";

/** The longest return path a link may carry. */
export const RETURN_PATH_MAX_LENGTH = 256;

const BASE = "https://shop.invalid";

/**
 * A path of our own shop that a link may lead back to (D167), or null: it starts with one `/`, has no
 * backslash, no control or space character, names no other host (`//evil`, `/\evil`, `https:`), is not
 * the API, and keeps to its length. The server checks it before it puts it into a mail's link, the web
 * again before it navigates: nothing that arrives in a URL ever leaves the site.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > RETURN_PATH_MAX_LENGTH) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  // Backslashes are read as slashes by browsers; control characters and spaces hide tricks.
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (char === "\\" || code <= 0x20 || code === 0x7f || /\s/.test(char)) return null;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  // The URL parser resolved dot segments (also `%2e`): `/.//evil.example` and `/x/..//evil.example` are
  // now `//evil.example`, which a browser reads as another host. Repeated slashes become one, so the
  // path returned is the path checked, and checking it again answers the same (D203).
  const pathname = url.pathname.replace(/\/{2,}/g, "/");
  if (pathname === "/api" || pathname.startsWith("/api/")) return null;
  return `${pathname}${url.search}${url.hash}`;
}

export const ReturnPathSchema = z
  .string({ error: "invalid_return_path" })
  .refine((value) => safeReturnPath(value) !== null, { error: "invalid_return_path" });
