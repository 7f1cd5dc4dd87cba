import { useLocation, useRouter } from "@tanstack/react-router";
import { useEffect } from "react";

/**
 * Query keys of the change link on a shop page (contract EMAIL_CHANGE_LINK_PARAMS; repeated here so the
 * header stays zod-free). Both are redacted in the server's request log.
 */
const UID = "uid";
const TOKEN = "email_token";

/** Tokens this page has already posted (React runs effects twice in development; a link is one-time). */
const posted = new Set<string>();

/**
 * The page the change mail's link opens (D577): the one-time values leave the address at once (a reload or
 * a shared screenshot carries nothing), then the link is posted and the page says what became of it. The
 * work loads only on such a visit.
 */
export function useEmailChangeLink() {
  const searchStr = useLocation({ select: (location) => location.searchStr });
  const router = useRouter();
  useEffect(() => {
    const params = new URLSearchParams(searchStr);
    const uid = params.get(UID);
    const token = params.get(TOKEN);
    if (!uid || !token || posted.has(token)) return;
    posted.add(token);
    params.delete(UID);
    params.delete(TOKEN);
    const rest = params.toString();
    const { pathname, hash } = router.state.location;
    void router.navigate({
      href: `${pathname}${rest ? `?${rest}` : ""}${hash ? `#${hash}` : ""}`,
      replace: true,
    });
    void import("./email-change-link-run.ts").then((module) => module.runEmailChangeLink(uid, token));
  }, [searchStr, router]);
}
