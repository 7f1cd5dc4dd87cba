import { randomBytes } from "node:crypto";

/**
 * The check-in code of a paid order item (D53): 128 random bits as base64url (22 characters), so a code
 * cannot be guessed from another one or from an id, and it fits a URL and a small QR code as it is.
 */
export function newCheckinCode(): string {
  return randomBytes(16).toString("base64url");
}

/**
 * What the QR code of an item encodes: the spec's scanner page (`/QrCodeScanner`) with the code, where
 * staff check the child in (D57); any phone camera opens it.
 */
export function checkinUrl(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/QrCodeScanner?code=${encodeURIComponent(code)}`;
}
