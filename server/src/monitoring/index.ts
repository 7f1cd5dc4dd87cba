export { initServerMonitoring } from "./sentry.ts";
