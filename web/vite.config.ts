import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type UserConfig } from "vite";
import { buildInfoPlugin } from "./scripts/build-info-plugin.ts";

const apiTarget = "http://localhost:3000";

/**
 * The contract's schemas derived from other schemas (`ProductSchema.extend(...)`): naming their bases as
 * pure functions lets the bundler drop derived schemas nobody uses, so a page that only needs the
 * contract's constants does not pull zod (~24 KB gzipped) into its first load (D82). Read from the
 * sources so a new derived schema is covered without editing this file.
 */
function derivedSchemaBases(): string[] {
  const dir = join(import.meta.dirname, "../contract/src");
  const names = new Set<string>();
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter(
    (file) => file.endsWith(".ts") && !file.endsWith(".test.ts"),
  );
  for (const file of files) {
    for (const match of readFileSync(join(dir, file), "utf8").matchAll(/\b([A-Z]\w*Schema)\.[a-zA-Z]+\(/g)) {
      if (match[1]) names.add(match[1]);
    }
  }
  return [...names].sort();
}

const browserBuild = {
  // dist/.vite/manifest.json lets the server name a page's route chunks in its HTML (modulepreload).
  manifest: true,
  rolldownOptions: {
    output: {
      codeSplitting: {
        groups: [
          // Everything the entry imports statically in one chunk beside it: a phone on HTTP/1.1 fetches
          // six files at a time, so ten small files cost round trips before the first paint (D82).
          { name: "start", tags: ["$initial"] },
          // The small formatting and pricing helpers the catalogue pages share (a few hundred bytes each)
          // in one file instead of seven.
          {
            name: "kit",
            test: /[\\/]web[\\/]src[\\/]lib[\\/][\w-]+\.ts$|[\\/]contract[\\/]src[\\/]rules[\\/](dates|vat)\.ts$/,
            minShareCount: 2,
          },
          // What every catalogue page (lists and product pages) shows: cards, prices, sessions, its texts.
          {
            name: "catalogue",
            test: /[\\/]web[\\/]src[\\/](features[\\/]catalogue[\\/](api|components[\\/](price-tag|next-session|product-card)|type-routes|i18n)|locales[\\/](de|ru)[\\/]catalogue\.json)|[\\/]components[\\/]ui[\\/]markdown/,
            minShareCount: 2,
          },
        ],
      },
    },
    treeshake: {
      // The shared contract is pure declarations (constants, zod schemas). Saying so (and that building a
      // zod schema has no side effects) lets the bundler drop the schemas a chunk does not use, which keeps
      // zod (~20 KB gzipped) out of the home page; pages with forms still get it in their own chunks.
      moduleSideEffects: [{ test: /[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
      manualPureFunctions: ["z", ...derivedSchemaBases()],
    },
  },
} satisfies UserConfig["build"];

export default defineConfig(({ isSsrBuild }) => ({
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
  // The server renderer (D86: `vite build --ssr src/entry-server.tsx`) is one module for Node beside the
  // browser build: no public files, no manifest; the browser build's chunking rules do not apply to it.
  build: isSsrBuild ? { outDir: "dist-ssr", copyPublicDir: false } : browserBuild,
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
}));
