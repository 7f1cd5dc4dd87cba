// @vitest-environment jsdom
import { STORAGE_KEYS } from "@atelier/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, setApiTransport } from "./api-client.ts";
import { currentSession, onSessionEnded } from "./session.ts";

const reply = (status: number) =>
  new Response(JSON.stringify({ detail: "Ungültiges Token." }), {
    status,
    headers: { "content-type": "application/json" },
  });

function signIn(token: string) {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ pk: 7, email: "eltern@example.org" }));
  localStorage.setItem(STORAGE_KEYS.cartId, "cart-of-the-account");
  localStorage.setItem("atelier-admin-token", "staff-key");
  localStorage.setItem(STORAGE_KEYS.cookieClosed, "true");
}

describe("an ended sign-in (D539)", () => {
  const ended = vi.fn();
  let stop = () => {};
  beforeEach(() => {
    localStorage.clear();
    ended.mockReset();
    stop = onSessionEnded(ended);
  });
  afterEach(() => {
    stop();
    setApiTransport((input, init) => fetch(input, init));
  });

  it("signs the browser out and asks to sign in when the server answers 401 to the stored token", async () => {
    signIn("old-key");
    setApiTransport(async () => reply(401));
    await expect(apiRequest("/api/v2/orders/current/")).rejects.toBeInstanceOf(ApiError);
    expect(currentSession()).toBeNull();
    // The shop's sign-in goes, with the account's cart id; the back office's own sign-in and the cookie
    // choice stay: nobody clicked "Abmelden".
    expect(localStorage.getItem(STORAGE_KEYS.cartId)).toBeNull();
    expect(localStorage.getItem("atelier-admin-token")).toBe("staff-key");
    expect(localStorage.getItem(STORAGE_KEYS.cookieClosed)).toBe("true");
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it("changes nothing for a token the browser no longer holds, for a logout, or for another refusal", async () => {
    signIn("new-key");
    // A request sent with the previous sign-in's key comes back after the parent signed in anew.
    setApiTransport(async () => {
      signIn("newer-key");
      return reply(401);
    });
    await expect(apiRequest("/api/v2/visitors/")).rejects.toMatchObject({ status: 401 });
    expect(currentSession()?.token).toBe("newer-key");

    setApiTransport(async () => reply(401));
    await expect(apiRequest("/api/v2/users/logout/", { method: "POST" })).rejects.toMatchObject({
      status: 401,
    });
    setApiTransport(async () => reply(403));
    await expect(apiRequest("/api/v2/visitors/")).rejects.toMatchObject({ status: 403 });
    expect(currentSession()?.token).toBe("newer-key");
    expect(ended).not.toHaveBeenCalled();

    // A guest's 401 (a page that needs an account) signs nobody out.
    localStorage.clear();
    setApiTransport(async () => reply(401));
    await expect(apiRequest("/api/v2/orders/fulfill/", { method: "POST" })).rejects.toMatchObject({
      status: 401,
    });
    expect(ended).not.toHaveBeenCalled();
  });
});
