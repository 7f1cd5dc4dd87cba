import { useLocation, useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import {
  DIALOG_LAUNCH_PARAMS,
  dialogLaunchFromSearch,
  openAuthDialog,
  searchWithout,
} from "./auth-dialog-store.ts";

/**
 * Spec §2: opens the sign-in dialog when the URL carries a reset link (`uid` + `token`) or the
 * verification result (`email=confirmed`), then drops those single-use values from the address
 * (replace; other params and the locale stay), so a reload or a shared link does not reopen it.
 */
export function useDialogUrlLaunch() {
  const searchStr = useLocation({ select: (location) => location.searchStr });
  const router = useRouter();
  useEffect(() => {
    const launch = dialogLaunchFromSearch(searchStr);
    if (!launch) return;
    openAuthDialog(launch);
    const { pathname, hash } = router.state.location;
    const rest = searchWithout(searchStr, DIALOG_LAUNCH_PARAMS);
    void router.navigate({ href: `${pathname}${rest}${hash ? `#${hash}` : ""}`, replace: true });
  }, [searchStr, router]);
}
