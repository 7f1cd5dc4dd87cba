import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readSession, registerAfterSignIn } from "../../lib/session.ts";
import { completeSignIn, logout } from "./sign-in-flow.ts";

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    clear: () => values.clear(),
  };
}

const user = { pk: 7, id: 7, email: "anna@example.de", first_name: "Anna", last_name: "Muster" };
let storage: ReturnType<typeof memoryStorage>;

beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal("window", { localStorage: storage, addEventListener() {}, removeEventListener() {} });
  vi.stubGlobal("document", { cookie: "" });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("sign-in success (spec §4)", () => {
  it("stores the key as odev-token, reloads the user with it and runs the after-sign-in steps", async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => json(200, user));
    vi.stubGlobal("fetch", fetchMock);
    const seen: unknown[] = [];
    const unregister = registerAfterSignIn((signedIn) => void seen.push(signedIn.pk));
    await completeSignIn("key-1");
    unregister();
    expect(fetchMock.mock.calls[0]?.[0]).toMatch(/^\/api\/v2\/users\/me\/\?locale=/);
    const init = fetchMock.mock.calls[0]?.[1];
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe("Token key-1");
    expect(readSession(storage)).toEqual({ token: "key-1", user });
    expect(seen).toEqual([7]);
  });

  it("leaves no half session when the user cannot be loaded", async () => {
    vi.stubGlobal("fetch", async () => json(401, { detail: "x" }));
    await expect(completeSignIn("key-2")).rejects.toMatchObject({ status: 401 });
    expect(storage.values.size).toBe(0);
  });
});

describe("logout (spec §4)", () => {
  it("revokes the token at the server and clears all local storage", async () => {
    storage.setItem("odev-token", "key-3");
    storage.setItem("visitors", "[]");
    storage.setItem("cart-id", "c1");
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetchMock);
    await logout();
    expect(fetchMock).toHaveBeenCalledWith(
      expect.stringMatching(/^\/api\/v2\/users\/logout\//),
      expect.objectContaining({ method: "POST" }),
    );
    expect(storage.values.size).toBe(0);
  });

  it("signs out locally even when the server cannot be reached", async () => {
    storage.setItem("odev-token", "key-4");
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("offline");
    });
    await logout();
    expect(storage.values.size).toBe(0);
  });
});
