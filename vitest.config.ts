import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { test: { name: "contract", root: "contract", include: ["src/**/*.test.ts"] } },
      {
        test: {
          name: "server",
          root: "server",
          include: ["src/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "web",
          root: "web",
          include: ["src/**/*.test.{ts,tsx}"],
          // Component tests (*.test.tsx) opt into jsdom with `// @vitest-environment jsdom`.
          environment: "node",
          setupFiles: ["src/test/setup.ts"],
        },
      },
    ],
  },
});
