import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { matchPageRoute, type PageKey } from "@atelier/contract";

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

const ROUTE_KEY = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/;

/**
 * The JavaScript files of each page's lazily loaded route (from Vite's build manifest), minus what the
 * entry loads anyway. The server names them in the page's HTML as `modulepreload`, so the browser fetches
 * them beside the entry instead of after it has run.
 */
export function readRouteChunks(distDir: string): Map<PageKey, string[]> {
  const file = join(distDir, ".vite", "manifest.json");
  const chunks = new Map<PageKey, string[]>();
  if (!existsSync(file)) return chunks;
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Manifest;
  const entryKeys = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) collect(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, entryKeys);

  for (const key of Object.keys(manifest)) {
    const match = ROUTE_KEY.exec(key);
    if (!match?.[1] || match[1].startsWith("__")) continue;
    const path = `/${match[1].replace(/(^|\/)index$/, "")}`;
    const page = matchPageRoute(path);
    if (!page) continue;
    const keys = new Set<string>();
    collect(key, keys);
    const files = [...keys].filter((k) => !entryKeys.has(k)).map((k) => `/${manifest[k]?.file}`);
    chunks.set(page, files);
  }
  return chunks;
}
