import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  apiRequest,
  buildApiUrl,
  requestHeaders,
  SIGN_IN_PATH,
  setApiTransport,
  shouldRetry,
} from "./api-client.ts";

describe("buildApiUrl", () => {
  it("adds the locale to same-origin paths", () => {
    expect(buildApiUrl("", "/api/v2/visitors/", "ru")).toBe("/api/v2/visitors/?locale=ru");
  });

  it("keeps query values, skips empty ones and encodes them", () => {
    expect(
      buildApiUrl("", "/api/v2/orders/current/", "de", {
        cart_id: "a b",
        visitor: undefined,
        page: 2,
        x: null,
      }),
    ).toBe("/api/v2/orders/current/?cart_id=a+b&page=2&locale=de");
  });

  it("does not override an explicit locale", () => {
    expect(buildApiUrl("", "/api/v2/users/me/", "de", { locale: "ru" })).toBe("/api/v2/users/me/?locale=ru");
  });

  it("prefixes an absolute API base", () => {
    expect(buildApiUrl("https://api.example.org/", "/api/v2/users/me/", "de")).toBe(
      "https://api.example.org/api/v2/users/me/?locale=de",
    );
  });

  it("prefixes a relative API base", () => {
    expect(buildApiUrl("/backend", "/api/v2/users/me/", "ru")).toBe("/backend/api/v2/users/me/?locale=ru");
  });
});

describe("shouldRetry", () => {
  it("retries POST and PATCH once on the listed statuses", () => {
    for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) {
      expect(shouldRetry("POST", status, 0)).toBe(true);
      expect(shouldRetry("patch", status, 0)).toBe(true);
      expect(shouldRetry("POST", status, 1)).toBe(false);
    }
  });

  it("never retries idempotent methods or other statuses", () => {
    expect(shouldRetry("GET", 503, 0)).toBe(false);
    expect(shouldRetry("PUT", 503, 0)).toBe(false);
    expect(shouldRetry("DELETE", 500, 0)).toBe(false);
    expect(shouldRetry("POST", 400, 0)).toBe(false);
    expect(shouldRetry("POST", 501, 0)).toBe(false);
  });
});

describe("requestHeaders", () => {
  it("sends the token, the CSRF token and JSON", () => {
    expect(
      requestHeaders({ path: "/api/v2/users/me/", token: "k", csrfToken: "c", hasJsonBody: true }),
    ).toEqual({
      Accept: "application/json",
      "Content-Type": "application/json",
      Authorization: "Token k",
      "X-CSRFToken": "c",
    });
  });

  it("leaves the token off the sign-in call and when there is none", () => {
    expect(
      requestHeaders({ path: SIGN_IN_PATH, token: "k", csrfToken: undefined, hasJsonBody: true }),
    ).not.toHaveProperty("Authorization");
    expect(requestHeaders({ path: "/x/", token: null, csrfToken: undefined, hasJsonBody: false })).toEqual({
      Accept: "application/json",
    });
  });
});

describe("apiRequest (spec §7, §8)", () => {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  /** Answers each call with the next reply; a reply that is an Error makes the call fail as a network failure. */
  const answering = (...replies: (Response | Error)[]) => {
    const transport = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
      const reply = replies.shift();
      if (!reply) throw new Error("no more replies");
      if (reply instanceof Error) throw reply;
      return reply;
    });
    setApiTransport(transport);
    return transport;
  };
  const rejection = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error("resolved");
      },
      (error: unknown) => error,
    );

  afterEach(() => setApiTransport((input, init) => fetch(input, init)));

  it("rejects a network failure as 'Network Error' with status 0", async () => {
    answering(new TypeError("Failed to fetch"));
    const error = await rejection(apiRequest("/api/v2/users/me/"));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: "Network Error", body: null });
  });

  it("rejects with the response body", async () => {
    const body = { email: ["Enter a valid email address."], error_codes: { email: ["invalid_email"] } };
    answering(json(400, body));
    const error = await rejection(apiRequest("/api/v2/users/sign_up/", { method: "POST", body: {} }));
    expect(error).toMatchObject({ status: 400, body });
  });

  it("sends a POST again once after a 503, and answers the second reply", async () => {
    const transport = answering(json(503, { detail: "busy" }), json(201, { id: 7 }));
    await expect(apiRequest("/api/v2/orders/items/", { method: "POST", body: { a: 1 } })).resolves.toEqual({
      id: 7,
    });
    expect(transport).toHaveBeenCalledTimes(2);
    expect(transport.mock.calls[1]?.[1]).toMatchObject({
      method: "POST",
      body: '{"a":1}',
      credentials: "include",
    });
  });

  it("gives up after that one retry, and never retries a GET", async () => {
    const post = answering(json(503, { detail: "busy" }), json(503, { detail: "still busy" }));
    expect(await rejection(apiRequest("/api/v2/orders/fulfill/", { method: "POST" }))).toMatchObject({
      status: 503,
      body: { detail: "still busy" },
    });
    expect(post).toHaveBeenCalledTimes(2);

    const get = answering(json(503, { detail: "busy" }), json(200, {}));
    expect(await rejection(apiRequest("/api/v2/orders/current/"))).toMatchObject({ status: 503 });
    expect(get).toHaveBeenCalledTimes(1);
  });
});
