import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and while React takes over the server's HTML, true from then on (and at once in a
 * page the browser renders itself): form controls that act only through the app are disabled until it
 * runs, so an early choice is not lost (D86).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
