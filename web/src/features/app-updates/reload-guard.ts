import { CHUNK_RELOAD_GUARD_MS } from "@atelier/contract";

export const LAST_CHUNK_RELOAD_KEY = "atelier:last-chunk-reload";

const CHUNK_ERROR_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /loading (css )?chunk .* failed/i,
  /chunkloaderror/i,
];

/** Whether an error means a lazily loaded chunk is gone (typically: a new build was deployed). */
export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  const text =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : typeof error === "string"
        ? error
        : String(error);
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(text));
}

/** Spec §4: reload at most once per CHUNK_RELOAD_GUARD_MS, so a broken deployment cannot loop. */
export function shouldReloadForChunkError(now: number, lastReloadAt: number | null): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  return now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS || now < lastReloadAt;
}

/** Reloads the page when the guard allows it; returns whether a reload was started. */
export function reloadForChunkError(now = Date.now()): boolean {
  let last: number | null = null;
  try {
    const raw = window.sessionStorage.getItem(LAST_CHUNK_RELOAD_KEY);
    last = raw === null ? null : Number(raw);
  } catch {
    // No session storage: without a way to remember the reload, do not risk a loop.
    return false;
  }
  if (!shouldReloadForChunkError(now, last)) return false;
  try {
    window.sessionStorage.setItem(LAST_CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** Vite fires `vite:preloadError` when a dynamic import's chunk cannot be fetched. */
export function installChunkReloadGuard() {
  window.addEventListener("vite:preloadError", (event) => {
    // Keep the error from surfacing only when the reload actually happens.
    if (reloadForChunkError()) event.preventDefault();
  });
}
