import { useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { MAIN_CONTENT_ID } from "./skip-link.tsx";

/**
 * Whether a page change should leave the focus where it is: typing in a field (a search that changes the
 * address as it goes), or inside a dialog that is open over the new page.
 */
function keepsFocus(active: Element | null): boolean {
  if (!active || active === document.body || !active.isConnected) return false;
  if (active.closest("[role='dialog'], [role='alertdialog'], dialog, [role='menu'], [role='listbox']"))
    return true;
  return active.matches("input, textarea, select, [contenteditable='true']");
}

/**
 * After a move to another page, the focus goes to the page's main content (D596): a keyboard or
 * screen-reader user starts reading and tabbing on the new page, not at the top of the document or on the
 * link of a dialog that closed ("Zum Warenkorb"). Not on the first page, whose focus the browser sets.
 */
export function useFocusOnPageChange() {
  const router = useRouter();
  useEffect(() => {
    let timer: number | undefined;
    const unsubscribe = router.subscribe("onRendered", (event) => {
      if (!event.pathChanged || !event.fromLocation) return;
      window.clearTimeout(timer);
      const atRender = document.activeElement;
      // After the old page's dialogs have given their focus back (Radix does so in a task of its own when
      // one closes with its page), so the focus looked at is the one they leave.
      timer = window.setTimeout(() => {
        const active = document.activeElement;
        // The person moved on meanwhile (opened the profile menu): their focus stays.
        const movedOn = active !== atRender && active !== document.body && active?.isConnected === true;
        if (movedOn || keepsFocus(active)) return;
        // The router restores or resets the scroll position; focusing must not move it.
        document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
      }, 0);
    });
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [router]);
}
