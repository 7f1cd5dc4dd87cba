import { useLocation, useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { searchWithout } from "./auth-dialog-store.ts";

/**
 * Query keys of the verification link on a shop page (contract VERIFY_LINK_PARAMS; repeated here so the
 * header stays zod-free). Both are redacted in the server's request log.
 */
const UID = "uid";
const TOKEN = "verify_token";

/** Tokens this page has already posted (React runs effects twice in development; a link is one-time). */
const posted = new Set<string>();

/**
 * The page the verification mail's link opens (D167): the one-time values leave the address at once (a
 * reload or a shared screenshot carries nothing), then the link is posted, and this browser is signed in
 * on the page the parent registered on, the checkout most often. The work loads only on such a visit.
 */
export function useVerifyLink() {
  const searchStr = useLocation({ select: (location) => location.searchStr });
  const router = useRouter();
  useEffect(() => {
    const params = new URLSearchParams(searchStr);
    const uid = params.get(UID);
    const token = params.get(TOKEN);
    if (!uid || !token || posted.has(token)) return;
    posted.add(token);
    const { pathname, hash } = router.state.location;
    const rest = searchWithout(searchStr, [UID, TOKEN]);
    void router.navigate({ href: `${pathname}${rest}${hash ? `#${hash}` : ""}`, replace: true });
    void import("./verify-link-run.ts").then((module) => module.runVerifyLink(uid, token));
  }, [searchStr, router]);
}
