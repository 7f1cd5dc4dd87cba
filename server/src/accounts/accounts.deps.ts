// What every use case of accounts shares (D355): the database, the settings, the work run after the reply,
// and the two origins every mailed link is built from, settled once.
import type { User, UserAddress } from "@atelier/contract";
import type { DeferredWork } from "../common/index.ts";
import type { Env } from "../config/index.ts";
import type { Db } from "../db/index.ts";
import type { OAuthEnv } from "../oauth/index.ts";
import type { UserRow } from "./users.repository.ts";

export type AccountsEnv = OAuthEnv &
  Pick<Env, "EMAIL_VERIFY_TTL_HOURS" | "PASSWORD_RESET_TTL_HOURS" | "WEB_URL" | "VERIFY_LINK_STYLE">;

export type AccountsContext = {
  db: Db;
  env: AccountsEnv;
  deferred: DeferredWork;
  publicUrl: string;
  webUrl: string;
  mailOptions: { publicUrl: string };
};

/** What a mailed link needs of the context: the links' lifetimes and the shop's origins. */
export type LinkContext = Pick<AccountsContext, "env" | "webUrl" | "mailOptions">;

export function linkContext(env: AccountsEnv): LinkContext {
  const publicUrl = env.PUBLIC_URL.replace(/\/$/, "");
  const webUrl = env.WEB_URL.replace(/\/$/, "");
  return { env, webUrl, mailOptions: { publicUrl } };
}

export function accountsContext(db: Db, env: AccountsEnv, deferred: DeferredWork): AccountsContext {
  const links = linkContext(env);
  return { db, deferred, publicUrl: links.mailOptions.publicUrl, ...links };
}

export function toUser(row: UserRow): User {
  return {
    pk: row.id,
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone_number: row.phoneNumber,
    ...addressOf(row),
  };
}

/** The account's address as every reply names it (`UserAddressSchema`). */
export function addressOf(row: UserRow): UserAddress {
  return {
    company_name: row.companyName,
    city: row.city,
    country: row.country,
    state: row.state,
    street: row.street,
    post_code: row.postCode,
  };
}
