import type pg from "pg";
import { Rows } from "./bulk.ts";
import type { Rng } from "./prng.ts";
import { DAY, type Decade, isoDay } from "./time.ts";

export type Child = { id: number; firstName: string; birthYear: number };
export type Family = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  locale: "de" | "ru";
  joined: number;
  children: Child[];
};

const FIRST = [
  "Anna",
  "Jonas",
  "Olga",
  "Mark",
  "Lena",
  "Pavel",
  "Sofia",
  "Max",
  "Irina",
  "Felix",
  "Marta",
  "Ilya",
];
const CHILD = [
  "Mia",
  "Leon",
  "Emma",
  "Paul",
  "Alina",
  "Ben",
  "Lea",
  "Timur",
  "Nora",
  "Lukas",
  "Vera",
  "Elias",
];
const LAST = [
  "Schmidt",
  "Ivanova",
  "Müller",
  "Petrov",
  "Weber",
  "Sokolova",
  "Fischer",
  "Kuznetsov",
  "Wagner",
  "Becker",
];

/**
 * Families joining over the decade (a fifth already at its start), each with one to three children, a
 * known password for every account (one argon2 hash, so a bench can sign in as any parent).
 */
export async function addFamilies(
  client: pg.ClientBase,
  rng: Rng,
  input: { count: number; decade: Decade; firstUserId: number; firstVisitorId: number; passwordHash: string },
): Promise<Family[]> {
  const { count, decade } = input;
  const users = new Rows(
    "users",
    {
      id: "int4",
      email: "text",
      password_hash: "text",
      first_name: "text",
      last_name: "text",
      street: "text",
      post_code: "text",
      city: "text",
      country: "text",
      email_verified_at: "timestamptz",
      locale: "locale",
      created_at: "timestamptz",
    },
    client,
  );
  const visitors = new Rows(
    "visitors",
    {
      id: "int4",
      user_id: "int4",
      first_name: "text",
      last_name: "text",
      birth_date: "date",
      created_at: "timestamptz",
    },
    client,
  );
  const families: Family[] = [];
  let visitorId = input.firstVisitorId;
  for (let i = 0; i < count; i++) {
    const id = input.firstUserId + i;
    const joined = rng.chance(0.2)
      ? decade.start + rng.int(0, 30) * DAY
      : decade.start + rng.next() * (decade.end - decade.start - 7 * DAY);
    const family: Family = {
      id,
      email: `familie${id}@zehn-jahre.example`,
      firstName: rng.pick(FIRST),
      lastName: rng.pick(LAST),
      locale: rng.chance(0.45) ? "ru" : "de",
      joined,
      children: [],
    };
    const created = new Date(joined);
    await users.add(
      id,
      family.email,
      input.passwordHash,
      family.firstName,
      family.lastName,
      `Beispielstraße ${rng.int(1, 120)}`,
      String(rng.int(10115, 14199)),
      "Berlin",
      "DE",
      created,
      family.locale,
      created,
    );
    const kids = rng.int(1, 3);
    for (let k = 0; k < kids; k++) {
      const birthYear = created.getUTCFullYear() - rng.int(4, 11);
      const birth = `${birthYear}-${String(rng.int(1, 12)).padStart(2, "0")}-${String(rng.int(1, 28)).padStart(2, "0")}`;
      const child = { id: visitorId++, firstName: rng.pick(CHILD), birthYear };
      family.children.push(child);
      await visitors.add(child.id, id, child.firstName, family.lastName, birth, created);
    }
    families.push(family);
  }
  await users.flush();
  await visitors.flush();
  families.sort((a, b) => a.joined - b.joined);
  return families;
}

/** The families that had joined by `t` (they are sorted by joining): the first n. */
export function joinedBy(families: readonly Family[], t: number): number {
  let lo = 0;
  let hi = families.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((families[mid]?.joined ?? 0) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export const billingOf = (f: Family) => ({
  first_name: f.firstName,
  last_name: f.lastName,
  email: f.email,
  phone_number: "+",
  company_name: "",
  street: "Beispielstraße 1",
  post_code: "10115",
  city: "Berlin",
  country: "DE",
});

export const dayOf = (t: number) => isoDay(t);
