import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { createTestDatabase } from "../test/test-database.ts";
import { userUniqueViolation } from "./users.repository.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database?.close());

/** The insert's error, or a failure when it succeeds. */
async function insertError(values: typeof users.$inferInsert): Promise<unknown> {
  try {
    await database.db.insert(users).values(values);
  } catch (error) {
    return error;
  }
  throw new Error("the insert succeeded");
}

describe("users' unique indexes (what two simultaneous sign-ups run into)", () => {
  it("a phone number belongs to one account: the index refuses a second and names phone_number", async () => {
    await database.db.insert(users).values({ email: "a@example.org", phoneNumber: "+4915100000001" });
    const error = await insertError({ email: "b@example.org", phoneNumber: "+4915100000001" });
    expect(userUniqueViolation(error)).toEqual({ field: "phone_number", code: "phone_unique" });
  });

  it("an e-mail in another case is the same address: the index names email", async () => {
    await database.db.insert(users).values({ email: "c@example.org", phoneNumber: "+4915100000002" });
    const error = await insertError({ email: "C@Example.org", phoneNumber: "+4915100000003" });
    expect(userUniqueViolation(error)).toEqual({ field: "email", code: "email_registered" });
  });

  it("accounts without a phone ('+') do not collide", async () => {
    await database.db.insert(users).values([
      { email: "d@example.org", phoneNumber: "+" },
      { email: "e@example.org", phoneNumber: "+" },
    ]);
  });
});
