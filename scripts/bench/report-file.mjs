// docs/benchmarks.md is written by the bench, except its last section: the measurements behind the
// decisions (docs/decisions.md links to them by number), written by hand and kept by every run.

export const KEPT_HEADING = "## Measurements behind the decisions";

/** The hand-written section at the end of the report (from its heading on), or "" when there is none. */
export function keptSection(current) {
  const start = current.indexOf(`\n${KEPT_HEADING}\n`);
  return start === -1 ? "" : current.slice(start + 1);
}

/** The report without its hand-written section. */
export function generatedPart(current) {
  const kept = keptSection(current);
  return kept ? current.slice(0, current.length - kept.length) : current;
}

/** A newly generated report with the hand-written section of the current one after it. */
export function withKeptSection(generated, current) {
  const kept = keptSection(current);
  return kept ? `${generated.trimEnd()}\n\n${kept}` : generated;
}
