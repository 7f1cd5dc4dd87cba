import { describe, expect, it } from "vitest";
import { readSession } from "./session.ts";

const storage = (values: Record<string, string>) => ({ getItem: (key: string) => values[key] ?? null });

describe("readSession", () => {
  it("is logged in with a token and a user that has a pk", () => {
    const session = readSession(
      storage({ "odev-token": "abc", user: JSON.stringify({ pk: 7, email: "a@b.de" }) }),
    );
    expect(session).toEqual({ token: "abc", user: { pk: 7, email: "a@b.de" } });
  });

  it("is a guest without a token", () => {
    expect(readSession(storage({ user: JSON.stringify({ pk: 7 }) }))).toBeNull();
  });

  it("is a guest when the user has no pk or is not JSON", () => {
    expect(
      readSession(storage({ "odev-token": "abc", user: JSON.stringify({ email: "a@b.de" }) })),
    ).toBeNull();
    expect(readSession(storage({ "odev-token": "abc", user: "{broken" }))).toBeNull();
    expect(readSession(storage({ "odev-token": "abc", user: "null" }))).toBeNull();
  });

  it("is a guest when storage is unavailable", () => {
    expect(readSession(undefined)).toBeNull();
  });
});
