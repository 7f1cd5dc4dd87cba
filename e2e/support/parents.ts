import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { PASSWORD, verifiedUser } from "./users.ts";

/** Parents made through the API as a real one would be: sign-up, the verification mail's link, sign-in. */

export function bornYearsAgo(years: number): string {
  return `${new Date().getFullYear() - years}-01-01`;
}

export async function signedInParent(request: APIRequestContext, name: string, dataDir?: string) {
  const email = await verifiedUser(request, name, { firstName: "Paula", lastName: "Parent", dataDir });
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

/**
 * Puts an API session (a parent's, or the staff account's) into the browser's storage, as a sign-in would
 * (spec §4: token + user). It writes on the shop's robots.txt, a page of the same origin that runs none of the
 * shop's code: on the home page, the app could read the new token while a test's next write was still to
 * come (a cart id), and store the parent's own cart id over it (stop 50's CI: an empty cart).
 */
export async function useSessionInBrowser(page: Page, session: { key: string; user: unknown }) {
  await page.goto("/robots.txt");
  await page.evaluate(
    ({ key, user }) => {
      localStorage.setItem("odev-token", key);
      localStorage.setItem("user", JSON.stringify(user));
    },
    { key: session.key, user: session.user },
  );
}
