export const DEFAULT_VERSION_POLL_MS = 300_000;
const MIN_VERSION_POLL_MS = 10_000;

/** `VITE_VERSION_POLL_MS`, or 5 minutes when unset or not a sensible number. */
export function versionPollInterval(raw: string | undefined): number {
  const value = Number(raw);
  if (!raw || !Number.isFinite(value) || value <= 0) return DEFAULT_VERSION_POLL_MS;
  return Math.max(value, MIN_VERSION_POLL_MS);
}

/** The version in a `/version.json` reply, or null when the reply is not one. */
export function parseVersion(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const { version } = body as { version?: unknown };
  return typeof version === "string" && version !== "" ? version : null;
}

export function isNewerBuild(running: string, deployed: string | null): boolean {
  return deployed !== null && deployed !== running;
}
