import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { linkIn, newestMail } from "./mail.ts";

/** Parents made through the API as a real one would be: sign-up, the verification mail's link, sign-in. */

export const PASSWORD = "Geheim123!";
let counter = 0;
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${counter++}@example.de`;
const uniquePhone = () => `+49302${String(Date.now() + counter++).slice(-7)}`;

export function bornYearsAgo(years: number): string {
  return `${new Date().getFullYear() - years}-01-01`;
}

export async function signedInParent(request: APIRequestContext, name: string, dataDir?: string) {
  const email = uniqueEmail(name);
  const signUp = await request.post("/api/v2/users/sign_up/?locale=de", {
    data: {
      email,
      phone_number: uniquePhone(),
      password1: PASSWORD,
      password2: PASSWORD,
      first_name: "Paula",
      last_name: "Parent",
    },
  });
  expect(signUp.status()).toBe(201);
  const link = linkIn(await newestMail("verify-email", email, dataDir), "/api/v2/users/verify_email/");
  expect((await request.get(link, { maxRedirects: 0 })).status()).toBe(302);
  const signIn = await request.post("/api/v2/users/sign_in/?locale=de", {
    data: { email, password: PASSWORD },
  });
  expect(signIn.ok()).toBe(true);
  const { key } = (await signIn.json()) as { key: string };
  const headers = { Authorization: `Token ${key}` };
  const user = await (await request.get("/api/v2/users/me/?locale=de", { headers })).json();
  return { email, key, headers, user };
}
export type Parent = Awaited<ReturnType<typeof signedInParent>>;

export async function createChild(
  request: APIRequestContext,
  parent: Parent,
  first: string,
  birthDate: string,
) {
  const response = await request.post("/api/v2/visitors/?locale=de", {
    headers: parent.headers,
    data: { first_name: first, last_name: "Muster", birth_date: birthDate },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number };
}

/** Puts the API session into the browser's storage, as a sign-in would (spec §4: token + user). */
export async function useSessionInBrowser(page: Page, parent: Parent) {
  await page.goto("/?locale=de");
  await page.evaluate(
    ({ key, user }) => {
      localStorage.setItem("odev-token", key);
      localStorage.setItem("user", JSON.stringify(user));
    },
    { key: parent.key, user: parent.user },
  );
}
