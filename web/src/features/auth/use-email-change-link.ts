import { useOneTimeLink } from "./use-one-time-link.ts";

/** The change link's token key (contract EMAIL_CHANGE_LINK_PARAMS; repeated so the header stays zod-free). */
const TOKEN = "email_token";

const run = (uid: string, token: string) =>
  void import("./email-change-link-run.ts").then((module) => module.runEmailChangeLink(uid, token));

/** The page the change mail's link opens (D577): the link is posted, and the page says what became of it. */
export function useEmailChangeLink() {
  useOneTimeLink(TOKEN, run);
}
