/** `/QrCodeScanner?code=…`: the check-in code a booking's QR code carries (D57); anything else is dropped. */
export type CheckinSearch = { code?: string };

export function parseCheckinSearch(search: Record<string, unknown>): CheckinSearch {
  const code = search.code;
  return typeof code === "string" && /^[A-Za-z0-9_-]{16,64}$/.test(code) ? { code } : {};
}
