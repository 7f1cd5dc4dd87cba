// Bundles the server (and the contract it imports) into dist/ and copies the SQL migrations beside it.
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

rmSync("dist", { recursive: true, force: true });
await build({
  // The attachment renderer runs in a worker thread (src/mailer/render-thread.ts) loaded from beside server.js.
  // The operations commands run from the build too (no tsx in a production image): backup, restore, the
  // move to PostgreSQL, the preflight (D301–D303) and the admin accounts (D240).
  entryPoints: {
    server: "src/server.ts",
    "render-worker": "src/mailer/render-worker.ts",
    "backup-cli": "src/backup-cli.ts",
    "preflight-cli": "src/preflight-cli.ts",
    "admin-cli": "src/admin-cli.ts",
  },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  // @atelier/contract is TypeScript source in the workspace: bundle it instead of importing it at run time.
  alias: { "@atelier/contract": "../contract/src/index.ts" },
  sourcemap: true,
  logLevel: "warning",
});
cpSync("src/db/migrations", "dist/migrations", { recursive: true });
