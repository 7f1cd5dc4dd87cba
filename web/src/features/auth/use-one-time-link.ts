import { useLocation, useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { searchWithout } from "./auth-dialog-store.ts";

/** Tokens this page has already posted (React runs effects twice in development; a link is one-time). */
const posted = new Set<string>();

/**
 * A page a mailed one-time link opens (`?uid=…&<tokenKey>=…`: the verification link, D167; the change link,
 * D577): the values leave the address at once (a reload or a shared screenshot carries nothing), then `run`
 * posts them, loading its work only on such a visit. Both keys are redacted in the server's request log.
 */
export function useOneTimeLink(tokenKey: string, run: (uid: string, token: string) => void) {
  const searchStr = useLocation({ select: (location) => location.searchStr });
  const router = useRouter();
  useEffect(() => {
    const params = new URLSearchParams(searchStr);
    const uid = params.get("uid");
    const token = params.get(tokenKey);
    if (!uid || !token || posted.has(token)) return;
    posted.add(token);
    const { pathname, hash } = router.state.location;
    const rest = searchWithout(searchStr, ["uid", tokenKey]);
    void router.navigate({ href: `${pathname}${rest}${hash ? `#${hash}` : ""}`, replace: true });
    run(uid, token);
  }, [searchStr, router, tokenKey, run]);
}
