export { createHeadProvider } from "./head-provider.ts";
export { seoRoutes } from "./seo.routes.ts";
