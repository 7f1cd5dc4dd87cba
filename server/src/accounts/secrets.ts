import { createHash, randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/** Keys, one-time tokens and passwords. Only hashes of keys and tokens reach the database. */

/** 32 random bytes, base64url: a sign-in key or a one-time link token. */
export function randomSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** Argon2id with the library's defaults (the seed uses the same). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// A hash of a random password: signing in with an unknown e-mail costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash(randomSecret());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/** The user id in links, base36 as Django's `int_to_base36`. */
export function encodeUid(userId: number): string {
  return userId.toString(36);
}

/** User ids are PostgreSQL `serial` (int4): a larger number would fail the query instead of matching nobody. */
const MAX_USER_ID = 2_147_483_647;

/** Reads a base36 uid (Django's password reset) or a base64url one (Django's `urlsafe_base64_encode`). */
export function decodeUid(uid: string): number | undefined {
  if (/^[0-9a-z]{1,12}$/.test(uid)) {
    const id = Number.parseInt(uid, 36);
    if (Number.isSafeInteger(id) && id > 0 && id <= MAX_USER_ID) return id;
  }
  if (/^[A-Za-z0-9_-]{1,16}$/.test(uid)) {
    const decoded = Buffer.from(uid, "base64url").toString("utf8");
    if (/^[1-9]\d{0,15}$/.test(decoded)) {
      const id = Number(decoded);
      if (Number.isSafeInteger(id) && id <= MAX_USER_ID) return id;
    }
  }
  return undefined;
}
