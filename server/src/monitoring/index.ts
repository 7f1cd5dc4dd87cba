export { browserMonitoring } from "./browser-monitoring.ts";
export { type Metrics, type MetricsSources, registerMetrics, UNMATCHED_ROUTE } from "./metrics.ts";
export { initServerMonitoring } from "./sentry.ts";
