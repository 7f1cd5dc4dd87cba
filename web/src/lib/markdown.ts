/**
 * A deliberately tiny Markdown subset for the shop's own content (legal pages, product texts):
 * headings `#`–`###`, paragraphs, `-` lists, `1.` lists, `>` notes, **bold**, and single line breaks
 * inside a paragraph (address blocks). It produces plain data; the renderer turns it into React elements,
 * so no HTML from the content ever reaches the DOM as markup.
 */

export type Inline = { text: string; bold: boolean };
/** One line of a block; lines of a paragraph are separated by a line break. */
export type InlineLine = Inline[];

export type Block =
  | { kind: "heading"; level: 1 | 2 | 3; content: InlineLine }
  | { kind: "paragraph"; lines: InlineLine[] }
  | { kind: "quote"; lines: InlineLine[] }
  | { kind: "list"; ordered: boolean; items: InlineLine[] };

/** Splits `**bold**` runs; an unmatched `**` stays literal text. */
export function parseInline(text: string): InlineLine {
  const parts: Inline[] = [];
  let rest = text;
  while (rest.length > 0) {
    const open = rest.indexOf("**");
    const close = open === -1 ? -1 : rest.indexOf("**", open + 2);
    if (open === -1 || close === -1) {
      parts.push({ text: rest, bold: false });
      break;
    }
    if (open > 0) parts.push({ text: rest.slice(0, open), bold: false });
    const inner = rest.slice(open + 2, close);
    if (inner) parts.push({ text: inner, bold: true });
    rest = rest.slice(close + 2);
  }
  return parts;
}

const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^[-*]\s+(.*)$/;
const ORDERED = /^\d+[.)]\s+(.*)$/;
const QUOTE = /^>\s?(.*)$/;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  const flush = () => {
    if (current) blocks.push(current);
    current = null;
  };

  for (const rawLine of source.replace(/\r\n?/g, "\n").split("\n")) {
    const line = rawLine.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const level = heading[1]?.length as 1 | 2 | 3;
      blocks.push({ kind: "heading", level, content: parseInline(heading[2] ?? "") });
      continue;
    }
    const bullet = BULLET.exec(line);
    const ordered = bullet ? null : ORDERED.exec(line);
    if (bullet || ordered) {
      const isOrdered = Boolean(ordered);
      const text = (bullet ?? ordered)?.[1] ?? "";
      const open = current as Block | null;
      if (open?.kind === "list" && open.ordered === isOrdered) {
        open.items.push(parseInline(text));
      } else {
        flush();
        current = { kind: "list", ordered: isOrdered, items: [parseInline(text)] };
      }
      continue;
    }
    const quote = QUOTE.exec(line);
    if (quote) {
      const open = current as Block | null;
      if (open?.kind === "quote") open.lines.push(parseInline(quote[1] ?? ""));
      else {
        flush();
        current = { kind: "quote", lines: [parseInline(quote[1] ?? "")] };
      }
      continue;
    }
    const open = current as Block | null;
    if (open?.kind === "paragraph") open.lines.push(parseInline(line));
    else {
      flush();
      current = { kind: "paragraph", lines: [parseInline(line)] };
    }
  }
  flush();
  return blocks;
}
