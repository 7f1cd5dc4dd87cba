import { LOCALES, PERSON_ROLES, SSO_PROVIDERS, USER_TOKEN_PURPOSES } from "@atelier/contract";
import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { instructors } from "./catalogue.ts";
import { createdAt, updatedAt } from "./common.ts";

// `instructor` (issue 35, D380): signs in to the instructor's phone view only, never to the back office.
export const userRole = pgEnum("user_role", PERSON_ROLES);
export const localeEnum = pgEnum("locale", LOCALES);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    phoneNumber: text("phone_number").notNull().default("+"),
    companyName: text("company_name").notNull().default(""),
    city: text("city").notNull().default(""),
    country: text("country").notNull().default(""),
    state: text("state").notNull().default(""),
    street: text("street").notNull().default(""),
    postCode: text("post_code").notNull().default(""),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    role: userRole("role").notNull().default("customer"),
    /** The instructor record an `instructor` account teaches as (D380); null for every other role. */
    instructorId: integer("instructor_id").references(() => instructors.id, { onDelete: "set null" }),
    locale: localeEnum("locale").notNull().default("de"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What staff search a person by, lowercased once when the row is written (D418): "first last", "last
     * first" and the e-mail address, a line each so that no search runs from one into the next.
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`lower(first_name || ' ' || last_name || chr(10) || last_name || ' ' || first_name || chr(10) || email)`,
      ),
  },
  (t) => [
    // E-mail is unique case-insensitively.
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    // A phone number belongs to one account; "+" is the empty number of spec §3.
    uniqueIndex("users_phone_unique_idx").on(t.phoneNumber).where(sql`${t.phoneNumber} <> '+'`),
  ],
);

/** The columns of a user's profile that a billing address is made of (checkout's default, the invoice's buyer). */
export const userBillingColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phoneNumber: users.phoneNumber,
  companyName: users.companyName,
  street: users.street,
  postCode: users.postCode,
  city: users.city,
  country: users.country,
};

/** Bearer tokens (`Authorization: Token <key>`); only a hash of the key is stored. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    keyHash: text("key_hash").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("auth_tokens_key_hash_idx").on(t.keyHash), index("auth_tokens_user_idx").on(t.userId)],
);

export const userTokenPurpose = pgEnum("user_token_purpose", USER_TOKEN_PURPOSES);

/** Single-use, expiring tokens for e-mail verification and password reset. */
export const userTokens = pgTable(
  "user_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: userTokenPurpose("purpose").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The new address of a `change_email` token (D577); null for the other purposes. */
    email: text("email"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_tokens_hash_idx").on(t.tokenHash), index("user_tokens_user_idx").on(t.userId)],
);

export const socialProvider = pgEnum("social_provider", SSO_PROVIDERS);

export const socialAccounts = pgTable(
  "social_accounts",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: socialProvider("provider").notNull(),
    providerUserId: text("provider_user_id").notNull(),
    email: text("email"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("social_accounts_provider_idx").on(t.provider, t.providerUserId)],
);

/**
 * The addresses an account had before it moved to a new one (D577). What was sent with an old address (contact
 * requests, visit requests, the mails to it) is still the family's: the data export and the erasure find it by them.
 */
export const previousEmails = pgTable(
  "previous_emails",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // By the address too: whether another account had it, when the address passed on (D577).
  (t) => [
    index("previous_emails_user_idx").on(t.userId),
    index("previous_emails_email_idx").using("btree", sql`lower(${t.email})`),
  ],
);
