/**
 * What the browser is told about monitoring (D184): the DSN without a secret part (a legacy DSN
 * `https://<public>:<secret>@host/<project>` keeps only its public key, which Sentry's browser SDKs are
 * built to expose) and the configured environment. Nothing else of the configuration reaches a page.
 */
export function browserMonitoring(
  dsn: string | undefined,
  environment: string,
): { dsn: string; environment: string } | undefined {
  if (!dsn) return undefined;
  const url = new URL(dsn);
  url.password = "";
  url.search = "";
  url.hash = "";
  return { dsn: url.toString(), environment };
}
