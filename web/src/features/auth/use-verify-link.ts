import { useOneTimeLink } from "./use-one-time-link.ts";

/** The verification link's token key (contract VERIFY_LINK_PARAMS; repeated so the header stays zod-free). */
const TOKEN = "verify_token";

const run = (uid: string, token: string) =>
  void import("./verify-link-run.ts").then((module) => module.runVerifyLink(uid, token));

/**
 * The page the verification mail's link opens (D167): the link is posted, and this browser is signed in on
 * the page the parent registered on, the checkout most often.
 */
export function useVerifyLink() {
  useOneTimeLink(TOKEN, run);
}
