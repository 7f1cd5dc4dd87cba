export { browserMonitoring } from "./browser-monitoring.ts";
export { initServerMonitoring } from "./sentry.ts";
