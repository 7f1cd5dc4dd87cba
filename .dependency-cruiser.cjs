/**
 * Import rules of the code base, checked by `npm run lint` (docs/architecture.md says why).
 * Web: a feature (web/src/features/<feature>/) never imports another feature's files; shared code lives in
 * web/src/lib and web/src/components, which never import features or the app's composition layer
 * (web/src/app, web/src/routes), so they stay reusable by every feature.
 */
module.exports = {
  forbidden: [
    {
      name: "web-feature-to-feature",
      comment:
        "A web feature imports another feature's files: share it through web/src/lib or web/src/components.",
      severity: "error",
      from: { path: "^web/src/features/([^/]+)/" },
      to: { path: "^web/src/features/([^/]+)/", pathNot: "^web/src/features/$1/" },
    },
    {
      name: "web-shared-to-feature",
      comment:
        "web/src/lib and web/src/components are shared by every feature and never import one (or the app).",
      severity: "error",
      from: { path: "^web/src/(lib|components)/" },
      to: { path: "^web/src/(features|app|routes)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|dist-ssr)/|routeTree\\.gen\\.ts$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
  },
};
