/** The monitoring settings of this page: the server's (D184: `SENTRY_DSN` at run time), else the build's. */
export function monitoringSettings(doc: Pick<Document, "querySelector"> = document) {
  const meta = (name: string) =>
    doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;
  const dsn = meta("monitoring-dsn") ?? import.meta.env.VITE_SENTRY_DSN;
  if (!dsn) return undefined;
  return { dsn, environment: meta("monitoring-environment") ?? import.meta.env.VITE_SENTRY_ENVIRONMENT };
}

/**
 * Spec §1: errors and sessions are monitored only when a monitoring address is configured. The SDK is a
 * chunk of its own, fetched only then, after the app has started.
 */
export function initMonitoring(router: unknown) {
  const settings = monitoringSettings();
  if (!settings) return;
  import("./sentry.ts")
    .then(({ startSentry }) => startSentry({ ...settings, router }))
    .catch((error: unknown) => console.error("Monitoring could not start", error));
}
