/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Set by the build-info plugin (web/scripts/build-info-plugin.ts). */
  readonly VITE_BUILD_ID: string;
  /** Product API base URL; empty means same origin. */
  readonly VITE_API_BASE?: string;
  readonly VITE_VERSION_POLL_MS?: string;
  readonly VITE_SENTRY_DSN?: string;
  readonly VITE_SENTRY_ENVIRONMENT?: string;
  /** IP-to-country lookup of the phone input (GET, reply `1;DE;DEU;Germany`); unset means no lookup. */
  readonly VITE_IP_COUNTRY_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
