import { useEffect, useState } from "react";
import { isNewerBuild, parseVersion, versionPollInterval } from "./version-check.ts";

/** Polls `/version.json` and reports whether a build other than the running one is deployed. */
export function useNewVersionAvailable(): boolean {
  const [available, setAvailable] = useState(false);

  useEffect(() => {
    // The dev server has no stable build id worth comparing.
    if (!import.meta.env.PROD || available) return;
    const running = import.meta.env.VITE_BUILD_ID;
    let cancelled = false;
    const check = async () => {
      try {
        const response = await fetch("/version.json", {
          cache: "no-cache",
          headers: { accept: "application/json" },
        });
        if (!response.ok) return;
        const deployed = parseVersion(await response.json());
        if (!cancelled && isNewerBuild(running, deployed)) setAvailable(true);
      } catch {
        // Offline or mid-deployment: try again at the next tick.
      }
    };
    const timer = setInterval(check, versionPollInterval(import.meta.env.VITE_VERSION_POLL_MS));
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [available]);

  return available;
}
