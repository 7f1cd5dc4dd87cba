import { readFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./shop.ts";

/**
 * The active lines of deploy/settings.env.example (KEY=value, quotes removed as systemd and compose remove
 * them): the one source of the production settings, which the topology tests start the shop with where a
 * value does not name the school's own services.
 */
export function deploySettings(): Record<string, string> {
  const text = readFileSync(join(root, "deploy/settings.env.example"), "utf8");
  const settings: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (!match) continue;
    const [, key = "", raw = ""] = match;
    settings[key] = /^"(.*)"$/.exec(raw)?.[1] ?? raw;
  }
  return settings;
}
