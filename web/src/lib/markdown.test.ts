import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown } from "./markdown.ts";

describe("parseInline", () => {
  it("splits bold runs and keeps an unmatched marker literal", () => {
    expect(parseInline("a **b** c")).toEqual([
      { text: "a ", bold: false },
      { text: "b", bold: true },
      { text: " c", bold: false },
    ]);
    expect(parseInline("5 ** 2")).toEqual([{ text: "5 ** 2", bold: false }]);
  });

  it("keeps markup characters as text (the renderer never injects HTML)", () => {
    expect(parseInline("<script>alert(1)</script>")).toEqual([
      { text: "<script>alert(1)</script>", bold: false },
    ]);
  });
});

describe("parseMarkdown", () => {
  it("reads headings, paragraphs with line breaks, lists and notes", () => {
    const blocks = parseMarkdown(
      "## Kontakt\n\nAtelier\nKastanienallee 12\n\n- eins\n- **zwei**\n\n1. a\n2. b\n\n> **Hinweis:** Demo",
    );
    expect(blocks).toEqual([
      { kind: "heading", level: 2, content: [{ text: "Kontakt", bold: false }] },
      {
        kind: "paragraph",
        lines: [[{ text: "Atelier", bold: false }], [{ text: "Kastanienallee 12", bold: false }]],
      },
      {
        kind: "list",
        ordered: false,
        items: [[{ text: "eins", bold: false }], [{ text: "zwei", bold: true }]],
      },
      { kind: "list", ordered: true, items: [[{ text: "a", bold: false }], [{ text: "b", bold: false }]] },
      {
        kind: "quote",
        lines: [
          [
            { text: "Hinweis:", bold: true },
            { text: " Demo", bold: false },
          ],
        ],
      },
    ]);
  });

  it("starts a new block when a list follows a paragraph without a blank line", () => {
    const blocks = parseMarkdown("Text\n- item");
    expect(blocks.map((b) => b.kind)).toEqual(["paragraph", "list"]);
  });

  it("returns nothing for empty input", () => {
    expect(parseMarkdown("\n\n")).toEqual([]);
  });
});
