#!/usr/bin/env node
// `npm run lint:decisions`: docs/decisions.md links its decisions both ways, every decision belongs to a
// topic of docs/decision-topics.json, and the index is current (issue 33). A decision whose status says it
// "Replaces (in part)" or "Supersedes" Dn is named in Dn's status ("Replaced in part by" / "Superseded by"),
// and the other way round. The index at the top of the file (between the INDEX markers) lists every
// decision by topic with its status; `--write` makes it anew.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const FILE = fileURLToPath(new URL("../docs/decisions.md", import.meta.url));
const TOPICS = fileURLToPath(new URL("../docs/decision-topics.json", import.meta.url));
const START = "<!-- INDEX:START (made by `node scripts/decision-links.mjs --write`) -->";
const END = "<!-- INDEX:END -->";

/**
 * @param {string} text the decisions file
 * @returns {Map<number, { title: string; status: string; replaces: number[]; replacedBy: number[] }>}
 */
export function parseDecisions(text) {
  const decisions = new Map();
  const parts = text.split(/^## D(\d+)\. /m);
  for (let i = 1; i < parts.length; i += 2) {
    const number = Number(parts[i]);
    const body = parts[i + 1] ?? "";
    const title = body.split("\n")[0]?.trim() ?? "";
    const status = body.match(/^Status: (.*)$/m)?.[1]?.trim() ?? "";
    // What a parenthesis explains is not a link: "Replaced in part by D41 (one rate limit …) and by D92".
    const plain = status.replace(/\([^)]*\)/g, "");
    // Every sentence that starts with the words names its decisions up to its full stop.
    const numbersAfter = (pattern) =>
      [...plain.matchAll(pattern)].flatMap((match) => {
        const sentence = plain.slice(match.index).split(/\.(\s|$)/)[0] ?? "";
        return [...sentence.matchAll(/D(\d+)/g)].map((m) => Number(m[1]));
      });
    decisions.set(number, {
      title,
      status,
      replaces: numbersAfter(/\b(Replaces|Supersedes)\b/g),
      replacedBy: numbersAfter(/\b(Replaced in part by|Superseded by)\b/g),
    });
  }
  return decisions;
}

/** Each link named one way only, in words. */
export function missingLinks(decisions) {
  const problems = [];
  for (const [number, d] of decisions) {
    for (const older of d.replaces) {
      const other = decisions.get(older);
      if (!other) problems.push(`D${number} replaces D${older}, which does not exist`);
      else if (!other.replacedBy.includes(number))
        problems.push(
          `D${number} replaces D${older}, but D${older}'s status does not say "Replaced in part by D${number}" (or "Superseded by")`,
        );
    }
    for (const newer of d.replacedBy) {
      const other = decisions.get(newer);
      if (!other) problems.push(`D${number} is replaced by D${newer}, which does not exist`);
      else if (!other.replaces.includes(number))
        problems.push(
          `D${number} is replaced by D${newer}, but D${newer}'s status does not say "Replaces in part D${number}" (or "Supersedes")`,
        );
    }
  }
  return problems;
}

/**
 * The index by topic (docs/decision-topics.json): one line per decision, its number linked to its
 * heading, its title and its status. A decision without a topic is listed under "Not yet sorted".
 */
export function indexOf(text, decisions, topics = []) {
  const anchors = new Map(
    [...text.matchAll(/^## (D(\d+)\. .*)$/gm)].map((m) => [
      Number(m[2]),
      m[1]
        .toLowerCase()
        .replace(/[^\p{L}\p{N} -]/gu, "")
        .replaceAll(" ", "-"),
    ]),
  );
  const line = (number) => {
    const d = decisions.get(number);
    if (!d) return [];
    const status = d.status.replace(/\s+/g, " ");
    return [
      `- [D${number}](#${anchors.get(number)}) ${d.title} — *${status.length > 140 ? `${status.slice(0, 140)}…` : status}*`,
    ];
  };
  const sorted = new Set(topics.flatMap((topic) => topic.decisions));
  const unsorted = [...decisions.keys()].filter((number) => !sorted.has(number)).sort((a, b) => a - b);
  const sections = [
    ...topics.map((topic) => ({ name: topic.name, numbers: topic.decisions })),
    ...(unsorted.length ? [{ name: "Not yet sorted", numbers: unsorted }] : []),
  ];
  const body = sections.flatMap(({ name, numbers }) => [`### ${name}`, "", ...numbers.flatMap(line), ""]);
  return [START, "", "## Index by topic", "", ...body, END].join("\n");
}

function withIndex(text, decisions, topics) {
  const index = indexOf(text, decisions, topics);
  const at = text.indexOf(START);
  if (at >= 0) return text.slice(0, at) + index + text.slice(text.indexOf(END) + END.length);
  const first = text.search(/^## D\d+\. /m);
  return `${text.slice(0, first)}${index}\n\n${text.slice(first)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = readFileSync(FILE, "utf8");
  const decisions = parseDecisions(text);
  const { topics } = JSON.parse(readFileSync(TOPICS, "utf8"));
  const current = withIndex(text, decisions, topics);
  if (process.argv.includes("--write")) writeFileSync(FILE, current);
  const problems = missingLinks(decisions);
  const sorted = new Set(topics.flatMap((topic) => topic.decisions));
  const unsorted = [...decisions.keys()].filter((number) => !sorted.has(number));
  if (unsorted.length)
    problems.push(
      `${unsorted.map((n) => `D${n}`).join(", ")} belong to no topic: add each to one in docs/decision-topics.json`,
    );
  if (!process.argv.includes("--write") && current !== text)
    problems.push(
      "the index of docs/decisions.md is not current: run `node scripts/decision-links.mjs --write`",
    );
  for (const problem of problems) console.error(`docs/decisions.md: ${problem}`);
  if (problems.length) process.exit(1);
  console.log(`✔ ${decisions.size} decisions, linked both ways, index current`);
}
