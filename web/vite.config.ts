import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { buildInfoPlugin } from "./scripts/build-info-plugin.ts";

const apiTarget = "http://localhost:3000";

export default defineConfig({
  plugins: [
    // Must run before the React plugin; autoCodeSplitting makes every route component a lazy chunk (spec §2).
    tanstackRouter({
      target: "react",
      routesDirectory: "./src/routes",
      generatedRouteTree: "./src/routeTree.gen.ts",
      autoCodeSplitting: true,
    }),
    react(),
    tailwindcss(),
    buildInfoPlugin(),
  ],
  build: {
    // dist/.vite/manifest.json lets the server name a page's route chunks in its HTML (modulepreload).
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // The shared contract is pure declarations (constants, zod schemas). Saying so (and that building a
        // zod schema has no side effects) lets the bundler drop the schemas a chunk does not use, which keeps
        // zod (~20 KB gzipped) out of the home page; pages with forms still get it in their own chunks.
        moduleSideEffects: [{ test: /[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
        // LocaleSchema: contract/src/rules/locale.ts derives LocaleQuerySchema from it with a method call.
        manualPureFunctions: ["z", "LocaleSchema"],
      },
    },
  },
  server: {
    proxy: {
      "/api": apiTarget,
      "/healthz": apiTarget,
      "/readyz": apiTarget,
    },
  },
  preview: {
    proxy: {
      "/api": apiTarget,
      "/healthz": apiTarget,
      "/readyz": apiTarget,
    },
  },
});
