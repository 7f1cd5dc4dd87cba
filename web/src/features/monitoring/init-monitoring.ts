/** Spec §1: errors and sessions are monitored only when a monitoring address is configured. */
export function initMonitoring(router: unknown) {
  const dsn = import.meta.env.VITE_SENTRY_DSN;
  if (!dsn) return;
  import("./sentry.ts")
    .then(({ startSentry }) =>
      startSentry({ dsn, environment: import.meta.env.VITE_SENTRY_ENVIRONMENT, router }),
    )
    .catch((error: unknown) => console.error("Monitoring could not start", error));
}
