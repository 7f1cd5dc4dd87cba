import { execSync } from "node:child_process";
import type { Plugin } from "vite";

export type BuildInfo = { version: string; builtAt: string };

/** The build id: BUILD_ID from the environment (CI), else the git commit plus the build time. */
export function createBuildInfo(
  now = new Date(),
  env: Record<string, string | undefined> = process.env,
): BuildInfo {
  const builtAt = now.toISOString();
  if (env.BUILD_ID) return { version: env.BUILD_ID, builtAt };
  let commit = "local";
  try {
    commit = execSync("git rev-parse --short HEAD", { stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    // Not a git checkout (e.g. a tarball build): the timestamp alone identifies the build.
  }
  return { version: `${commit}-${now.getTime().toString(36)}`, builtAt };
}

/**
 * Exposes the build id as `import.meta.env.VITE_BUILD_ID` and writes `version.json` next to index.html,
 * which the running app polls to offer a reload when a newer build is deployed.
 */
export function buildInfoPlugin(info: BuildInfo = createBuildInfo()): Plugin {
  const json = `${JSON.stringify(info)}\n`;
  return {
    name: "atelier:build-info",
    config: () => ({ define: { "import.meta.env.VITE_BUILD_ID": JSON.stringify(info.version) } }),
    configureServer(server) {
      server.middlewares.use("/version.json", (_req, res) => {
        res.setHeader("content-type", "application/json");
        res.setHeader("cache-control", "no-cache");
        res.end(json);
      });
    },
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "version.json", source: json });
    },
  };
}
