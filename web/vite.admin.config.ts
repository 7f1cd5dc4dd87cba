import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The back office (D102) is a build of its own: its entry (admin.html), its chunks under dist/admin/, its
 * asset URLs under /admin/. The storefront's build, chunk groups and budgets never see react-admin or MUI.
 */
export default defineConfig({
  base: "/admin/",
  plugins: [react()],
  // The storefront's build copies public/ (images, documents) already; the admin needs none of it twice.
  publicDir: false,
  build: {
    outDir: "dist/admin",
    emptyOutDir: true,
    // react-admin and MUI together are about 400 KB gzipped: staff load them once, then from the cache.
    chunkSizeWarningLimit: 1_000,
    rolldownOptions: {
      input: "admin.html",
      output: {
        codeSplitting: {
          // Libraries in chunks of their own, by how often they change (D187): a release of the shop changes
          // the app's chunk only, and staff keep React, MUI and react-admin from the browser's cache.
          groups: [
            {
              name: "react",
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            },
            { name: "mui", test: /[\\/]node_modules[\\/]@mui[\\/]/ },
            { name: "react-admin", test: /[\\/]node_modules[\\/](react-admin|ra-[\w-]+)[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy: { "/api": "http://localhost:3000" } },
});
