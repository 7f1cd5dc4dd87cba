// The production recipe in deploy/ is one recipe in four files (D307): the container image (Dockerfile),
// the containers (compose.yaml), the Debian server's instances (systemd/atelier-shop@.service) and the
// proxy (Caddyfile), with one settings file (settings.env.example). The image is not built here (no base
// image can be pulled), so these checks keep the four consistent with each other, with the server's
// settings (server/src/config/env.ts) and with the process recipe the fault suite runs
// (faults/tests/production-topology.test.ts). scripts/deploy-recipe.test.mjs runs them.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const RECIPE_FILES = {
  dockerfile: "deploy/Dockerfile",
  compose: "deploy/compose.yaml",
  unit: "deploy/systemd/atelier-shop@.service",
  caddyfile: "deploy/Caddyfile",
  settings: "deploy/settings.env.example",
  packageJson: "package.json",
};

/** The start command, relative to the release's folder, in every recipe (and `npm start`). */
export const START = "server/dist/server.js";
export const HEALTH = "/readyz";
/** The port inside a container; the Debian server's instances are named by theirs. */
export const CONTAINER_PORT = 3000;
export const DEBIAN_PORTS = [3001, 3002];
/** Lines of the settings file that only the proxy or the database container read. */
export const RECIPE_ONLY_SETTINGS = ["POSTGRES_PASSWORD", "SHOP_DOMAIN", "ACME_EMAIL"];

export function readRecipe(root) {
  return Object.fromEntries(
    Object.entries(RECIPE_FILES).map(([key, path]) => [key, readFileSync(join(root, path), "utf8")]),
  );
}

/** `KEY=value` lines of an env file: `active` (set) and `mentioned` (set or shown commented). */
export function envFileKeys(text) {
  const active = new Map();
  const mentioned = new Set();
  for (const line of text.split("\n")) {
    const set = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (set) {
      active.set(set[1], set[2].replace(/^"(.*)"$/, "$1"));
      mentioned.add(set[1]);
    }
    const shown = /^#\s*([A-Z][A-Z0-9_]*)=/.exec(line.trim());
    if (shown) mentioned.add(shown[1]);
  }
  return { active, mentioned };
}

/** Caddy durations as milliseconds ("1s", "250ms", "2m"). */
function ms(duration) {
  const match = /^(\d+)(ms|s|m)$/.exec(duration ?? "");
  if (!match) return Number.NaN;
  return Number(match[1]) * { ms: 1, s: 1000, m: 60_000 }[match[2]];
}

function directive(caddyfile, name) {
  return new RegExp(String.raw`^\s*${name}\s+(.+)$`, "m").exec(caddyfile)?.[1]?.trim();
}

/** The settings file names every setting, and sets every one production must set. */
function checkSettings(_files, { settings, env, known, problem }) {
  for (const name of settings.names)
    if (!env.mentioned.has(name)) problem("settings", `does not name the setting ${name} (env.ts)`);
  for (const name of settings.production)
    if (!env.active.has(name)) problem("settings", `does not set ${name}, which production must set`);
  for (const name of env.mentioned)
    if (!known.has(name)) problem("settings", `names ${name}, which is no setting of env.ts`);
  if (env.active.get("NODE_ENV") !== "production") problem("settings", "does not set NODE_ENV=production");
}

/** The start command, the same everywhere. */
function checkStart(files, { problem }) {
  if (!files.packageJson.includes(`node ${START}`))
    problem("packageJson", `npm start does not run node ${START}`);
  const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(files.dockerfile)?.[1];
  if (!cmd || JSON.stringify(JSON.parse(cmd)) !== JSON.stringify(["node", START]))
    problem("dockerfile", `CMD is not ["node", "${START}"]`);
  const execStart = /^ExecStart=(\S+)\s+(\S+)\s*$/m.exec(files.unit);
  if (!execStart || execStart[2] !== START || !/\/node$/.test(execStart[1]))
    problem("unit", `ExecStart does not run node ${START}`);
  const workDir = /^WorkingDirectory=(.+)$/m.exec(files.unit)?.[1];
  if (!workDir || !execStart?.[1].startsWith(workDir))
    problem("unit", "ExecStart's node is not the release's own (under WorkingDirectory)");
}

/** The image: multi-stage, production, non-root, health check on /readyz, the container port. */
function checkImage(files, { problem }) {
  // npm ci needs every workspace's package.json, in the build stage and in the production dependencies' stage.
  for (const workspace of JSON.parse(files.packageJson).workspaces ?? [])
    if (
      (files.dockerfile.match(new RegExp(`^COPY ${workspace}/package\\.json ${workspace}/$`, "gm")) ?? [])
        .length < 2
    )
      problem("dockerfile", `does not copy ${workspace}/package.json before both npm ci`);
  if ((files.dockerfile.match(/^FROM\s/gm) ?? []).length < 2) problem("dockerfile", "is not multi-stage");
  if (!/npm ci\b/.test(files.dockerfile) || !/npm run build\b/.test(files.dockerfile))
    problem("dockerfile", "does not build with npm ci and npm run build");
  if (!/NODE_ENV=production/.test(files.dockerfile))
    problem("dockerfile", "does not set NODE_ENV=production");
  const user = [...files.dockerfile.matchAll(/^USER\s+(\S+)/gm)].pop()?.[1];
  if (!user || user === "root" || user === "0") problem("dockerfile", "runs as root (no USER)");
  const healthcheck = /^HEALTHCHECK[\s\S]*?CMD\s+(.+)$/m.exec(files.dockerfile)?.[1] ?? "";
  if (!healthcheck.includes(HEALTH)) problem("dockerfile", `HEALTHCHECK does not ask ${HEALTH}`);
  if (!new RegExp(String.raw`^EXPOSE\s+${CONTAINER_PORT}\b`, "m").test(files.dockerfile))
    problem("dockerfile", `does not expose ${CONTAINER_PORT}`);
  if (!new RegExp(String.raw`PORT=${CONTAINER_PORT}\b`).test(files.dockerfile))
    problem("dockerfile", `does not set PORT=${CONTAINER_PORT}`);
  for (const dir of ["e2e", "faults", "server/src", "web/src"])
    if (new RegExp(String.raw`^COPY --from=build \S*/app/${dir}\b`, "m").test(files.dockerfile))
      problem("dockerfile", `copies ${dir} into the runtime image`);
}

/** compose: the settings file, the container port, the proxy's address, the data folder, the drain. */
function checkCompose(files, { known, problem, drainMs, dataDirImage }) {
  if (!/^ {2}env_file:\s*\.env\s*$/m.test(files.compose))
    problem("compose", "the shop does not read env_file: .env");
  for (const service of ["shop-1", "shop-2", "postgres", "redis", "caddy"])
    if (!new RegExp(`^  ${service}:`, "m").test(files.compose))
      problem("compose", `has no service ${service}`);
  const composeEnv = Object.fromEntries(
    [...files.compose.matchAll(/^ {4,6}([A-Z][A-Z0-9_]*):\s*(.*)$/gm)].map((m) => [
      m[1],
      m[2].replace(/^"(.*)"$/, "$1"),
    ]),
  );
  for (const name of Object.keys(composeEnv))
    if (!known.has(name) && !["POSTGRES_USER", "POSTGRES_DB", "SHOP_UPSTREAMS"].includes(name))
      problem("compose", `sets ${name}, which is no setting of env.ts`);
  if (composeEnv.PORT !== String(CONTAINER_PORT)) problem("compose", `does not set PORT ${CONTAINER_PORT}`);
  const upstreams = composeEnv.SHOP_UPSTREAMS?.split(/\s+/) ?? [];
  if (upstreams.join(" ") !== `shop-1:${CONTAINER_PORT} shop-2:${CONTAINER_PORT}`)
    problem("compose", `SHOP_UPSTREAMS is not shop-1:${CONTAINER_PORT} shop-2:${CONTAINER_PORT}`);
  const caddyAddress = /ipv4_address:\s*(\S+)/.exec(files.compose)?.[1];
  if (!caddyAddress || composeEnv.TRUST_PROXY !== caddyAddress)
    problem("compose", "TRUST_PROXY is not the Caddy container's fixed address");
  if (composeEnv.DATA_DIR !== dataDirImage || !files.compose.includes(`shop-data:${dataDirImage}`))
    problem("compose", `DATA_DIR is not the image's ${dataDirImage} on the shared volume shop-data`);
  if (!/\.\/Caddyfile:\/etc\/caddy\/Caddyfile/.test(files.compose))
    problem("compose", "caddy does not read deploy/Caddyfile");
  const grace = /stop_grace_period:\s*(\S+)/.exec(files.compose)?.[1];
  if (!(ms(grace) >= drainMs + 10_000))
    problem("compose", `stop_grace_period ${grace} is shorter than SHUTDOWN_DRAIN_MS + 10 s`);
}

/** systemd: the settings file, the port by instance, the data folder, the drain. */
function checkUnit(files, { env, known, problem, drainMs }) {
  if (!/^EnvironmentFile=\/etc\/atelier-shop\/shop\.env$/m.test(files.unit))
    problem("unit", "does not read EnvironmentFile=/etc/atelier-shop/shop.env");
  if (!/^Environment=PORT=%i$/m.test(files.unit))
    problem("unit", "does not take PORT from the instance name");
  for (const [, name] of files.unit.matchAll(/^Environment=([A-Z_0-9]+)=/gm))
    if (!known.has(name)) problem("unit", `sets ${name}, which is no setting of env.ts`);
  for (const port of DEBIAN_PORTS)
    if (!files.unit.includes(`atelier-shop@${port}`))
      problem("unit", `does not name the instance atelier-shop@${port}`);
  const state = /^StateDirectory=(\S+)$/m.exec(files.unit)?.[1];
  if (!state || env.active.get("DATA_DIR") !== `/var/lib/${state}`)
    problem("unit", `StateDirectory is not the settings file's DATA_DIR ${env.active.get("DATA_DIR")}`);
  const stopSec = Number(/^TimeoutStopSec=(\d+)$/m.exec(files.unit)?.[1]);
  if (!(stopSec * 1000 >= drainMs + 10_000))
    problem("unit", "TimeoutStopSec is shorter than SHUTDOWN_DRAIN_MS + 10 s");
  if (!/^KillSignal=SIGTERM$/m.test(files.unit)) problem("unit", "does not stop with SIGTERM");
}

/** Caddy: health checks on /readyz more often than the drain lasts, the Debian instances by default. */
function checkCaddyfile(files, { env, problem, drainMs }) {
  if (directive(files.caddyfile, "health_uri") !== HEALTH)
    problem("caddyfile", `health_uri is not ${HEALTH}`);
  const interval = ms(directive(files.caddyfile, "health_interval"));
  if (!(interval * 2 < drainMs)) problem("caddyfile", "health_interval is not well within SHUTDOWN_DRAIN_MS");
  if (!(ms(directive(files.caddyfile, "lb_try_duration")) > 0))
    problem("caddyfile", "has no lb_try_duration");
  // Caddy 2.6's round robin can miss the one instance left during a restart (D345).
  if (directive(files.caddyfile, "lb_policy") !== "least_conn")
    problem("caddyfile", "lb_policy is not least_conn");
  // The instance closes a connection silent for 2 × REQUEST_TIMEOUT_MS (server/src/app.ts `timeouts`, 30 s by
  // default): Caddy must let go of an idle one first, or a request may be sent on a closing connection.
  const requestTimeoutMs = Number(env.active.get("REQUEST_TIMEOUT_MS") ?? 30_000);
  if (!(ms(directive(files.caddyfile, "keepalive")) < requestTimeoutMs * 2))
    problem(
      "caddyfile",
      "keepalive is not shorter than the instances' idle timeout (2 × REQUEST_TIMEOUT_MS)",
    );
  const fallback = /\{\$SHOP_UPSTREAMS:([^}]+)\}/.exec(files.caddyfile)?.[1]?.trim();
  if (fallback !== DEBIAN_PORTS.map((port) => `127.0.0.1:${port}`).join(" "))
    problem(
      "caddyfile",
      `the default upstreams are not the instances ${DEBIAN_PORTS.join(", ")} on 127.0.0.1`,
    );
  for (const [, name] of files.caddyfile.matchAll(/\{\$([A-Z_0-9]+)/g)) {
    if (name === "SHOP_UPSTREAMS") continue;
    if (!env.active.has(name)) problem("caddyfile", `reads {$${name}}, which the settings file does not set`);
    if (!files.compose.includes(`${name}: \${${name}}`))
      problem("compose", `does not pass ${name} from .env to caddy`);
  }
  if (env.active.get("TRUST_PROXY") !== "127.0.0.1")
    problem("settings", "TRUST_PROXY is not 127.0.0.1, the Debian server's Caddy");
}

/**
 * Everything that disagrees between the recipe's files and the server's settings, in plain words; empty
 * when the recipe is consistent.
 * @param {Record<keyof typeof RECIPE_FILES, string>} files the files' text
 * @param {{ names: readonly string[]; production: readonly string[] }} settings env.ts's setting names
 */
export function recipeProblems(files, settings) {
  const problems = [];
  const env = envFileKeys(files.settings);
  const context = {
    settings,
    env,
    known: new Set([...settings.names, ...RECIPE_ONLY_SETTINGS]),
    problem: (file, text) => problems.push(`${RECIPE_FILES[file]}: ${text}`),
    drainMs: Number(env.active.get("SHUTDOWN_DRAIN_MS")),
    dataDirImage: /DATA_DIR=(\S+)/.exec(files.dockerfile)?.[1],
  };
  for (const check of [checkSettings, checkStart, checkImage, checkCompose, checkUnit, checkCaddyfile])
    check(files, context);
  return problems;
}
