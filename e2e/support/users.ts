import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { linkIn, newestMail } from "./mail.ts";

export const PASSWORD = "Geheim123!";
let counter = 0;
export const uniqueEmail = (name: string) => `${name}-${Date.now()}-${counter++}@example.de`;
export const uniquePhone = () => `+49301${String(Date.now() + counter++).slice(-7)}`;

/**
 * A registered and verified user, set up through the API (sign-up, the mail's verification link).
 * `dataDir`: the outbox of another shop (the demo gateway's, E2E_DEMO_DATA_DIR).
 */
export async function verifiedUser(
  request: APIRequestContext,
  name: string,
  options: { firstName?: string; lastName?: string; dataDir?: string | undefined } = {},
): Promise<string> {
  const email = uniqueEmail(name);
  const signUp = await request.post("/api/v2/users/sign_up/?locale=de", {
    data: {
      email,
      phone_number: uniquePhone(),
      password1: PASSWORD,
      password2: PASSWORD,
      first_name: options.firstName ?? "Anna",
      last_name: options.lastName ?? "Muster",
    },
  });
  expect(signUp.status()).toBe(201);
  const mail = await newestMail("verify-email", email, options.dataDir);
  // The link opens a shop page that posts its uid and token (D167); done here as that page does, in the
  // registering browser (its sign-up's session, D540).
  const link = new URL(linkIn(mail, "verify_token="));
  const { key } = (await signUp.json()) as { key: string };
  const verified = await request.post("/api/v2/users/verify_email/?locale=de", {
    headers: { Authorization: `Token ${key}` },
    data: { uid: link.searchParams.get("uid"), token: link.searchParams.get("verify_token") },
  });
  expect(verified.status()).toBe(200);
  return email;
}

/**
 * Signs `email` in through the API and puts the session where the web keeps it (spec §3: odev-token and
 * user), before any page script runs.
 */
export async function signInByStorage(page: Page, request: APIRequestContext, email: string) {
  const signIn = await request.post("/api/v2/users/sign_in/?locale=de", {
    data: { email, password: PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  const { key } = (await signIn.json()) as { key: string };
  const me = await request.get("/api/v2/users/me/?locale=de", { headers: { Authorization: `Token ${key}` } });
  expect(me.status()).toBe(200);
  const user = await me.json();
  await page.addInitScript(
    ([token, stored]) => {
      window.localStorage.setItem("odev-token", token);
      window.localStorage.setItem("user", stored);
    },
    [key, JSON.stringify(user)] as const,
  );
}
