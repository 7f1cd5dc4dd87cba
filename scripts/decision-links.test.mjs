import { describe, expect, it } from "vitest";
import { missingLinks, parseDecisions } from "./decision-links.mjs";

const file = (d1Status, d2Status) =>
  `# Decisions\n\n## D1. Rate limits\n\nStatus: ${d1Status}\n\n- Context: …\n\n## D2. One limit with Redis\n\nStatus: ${d2Status}\n`;

describe("decisions link both ways (npm run lint:decisions)", () => {
  it("passes a replacement named by both decisions", () => {
    const decisions = parseDecisions(
      file("Replaced in part by D2 (the store).", "Accepted. Replaces in part D1."),
    );
    expect(missingLinks(decisions)).toEqual([]);
  });

  it("refuses a later decision whose earlier one still reads Accepted", () => {
    const decisions = parseDecisions(file("Accepted.", "Accepted. Replaces in part D1 (the store)."));
    expect(missingLinks(decisions)).toEqual([
      `D2 replaces D1, but D1's status does not say "Replaced in part by D2" (or "Superseded by")`,
    ]);
  });

  it("refuses an earlier decision that names a replacement which does not name it, and a link to nowhere", () => {
    const decisions = parseDecisions(file("Superseded by D2. Replaced in part by D9.", "Accepted."));
    expect(missingLinks(decisions)).toEqual([
      `D1 is replaced by D2, but D2's status does not say "Replaces in part D1" (or "Supersedes")`,
      "D1 is replaced by D9, which does not exist",
    ]);
  });

  it("does not read a decision named inside a parenthesis as a link", () => {
    const decisions = parseDecisions(file("Accepted (see D2 for the store).", "Accepted."));
    expect(missingLinks(decisions)).toEqual([]);
  });
});
