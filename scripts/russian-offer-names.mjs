// The Russian texts' rule for an offer's name (issue 32 item 12, D298): the name stands, in «…», after a noun
// in the nominative or after a colon ("В корзине: «…»", «курс «…»»), never as a word of the sentence that
// Russian would decline or agree with. A quoted placeholder (`«{{product}}»`, `«{name}»`, `«${name}»`) is
// refused when
//   1. a preposition stands right before it ("для «…»", "с «…»": the name would have to be declined);
//   2. a word agreeing with it follows ("«…» добавлено", "«…» отменён", "«…» начался", "«…» новая": a past
//      participle or verb, or an adjective, whose gender the name cannot give);
//   3. German quotation marks „…“ hold it in a Russian text.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const PLACEHOLDER = String.raw`(?:\{\{\s*[\w.]+\s*\}\}|\{[\w.]+\}|\$\{[^}]+\})`;
const QUOTED = String.raw`«\s*${PLACEHOLDER}\s*»`;
const PREPOSITIONS =
  "для|с|со|о|об|от|до|из|в|во|на|по|к|ко|у|без|при|про|за|над|под|перед|после|через|между|около|вокруг";
const AGREEING =
  "(?:[а-яё]+(?:ен|ён|ан|ян|ит|ут|ет)[аоы]?|[а-яё]+л[аои]?|[а-яё]+(?:ый|ой|ая|ое|ые|ий|яя|ее|ие))(?:ся|сь)?";

export const RULES = [
  {
    id: "preposition-before-name",
    pattern: new RegExp(String.raw`(?:^|[\s(—:,"])(?:${PREPOSITIONS})\s+${QUOTED}`, "iu"),
  },
  {
    id: "agreeing-word-after-name",
    pattern: new RegExp(String.raw`${QUOTED}\s+${AGREEING}(?![а-яё])`, "iu"),
  },
  { id: "german-quotes", pattern: new RegExp(String.raw`„[^“\n]*${PLACEHOLDER}[^“\n]*“`, "u") },
];

const CYRILLIC = /[а-яё]/iu;

/** The broken rules of one Russian text (a catalogue value or a source line with Russian in it). */
export function offerNameFaults(text) {
  if (!CYRILLIC.test(text)) return [];
  return RULES.filter((rule) => rule.pattern.test(text)).map((rule) => rule.id);
}

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * The Russian templates of the shop: the web's Russian catalogues (web/src/locales/ru) and every source line
 * with Russian in it under server/src (mails, PDFs, notices) and contract/src (error texts, names); tests
 * are left out (they quote what the rule refuses).
 */
export function russianTemplates(root) {
  const found = [];
  for (const path of files(join(root, "web/src/locales/ru"))) {
    if (!path.endsWith(".json")) continue;
    const walk = (value, key) => {
      if (typeof value === "string") found.push({ where: `${relative(root, path)}#${key}`, text: value });
      else if (value && typeof value === "object")
        for (const [k, v] of Object.entries(value)) walk(v, key ? `${key}.${k}` : k);
    };
    walk(JSON.parse(readFileSync(path, "utf8")), "");
  }
  for (const dir of ["server/src", "contract/src"]) {
    for (const path of files(join(root, dir))) {
      if (!/\.(ts|tsx|mjs|html|hbs|txt)$/.test(path) || /\.test\./.test(path)) continue;
      readFileSync(path, "utf8")
        .split("\n")
        .forEach((line, index) => {
          if (CYRILLIC.test(line)) found.push({ where: `${relative(root, path)}:${index + 1}`, text: line });
        });
    }
  }
  return found;
}
