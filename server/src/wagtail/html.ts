/**
 * Our texts are a small Markdown (headings, paragraphs, "- " and "1." lists, "> " notes, tables, **bold**);
 * the existing client puts Wagtail's rich-text fields into the page as HTML (issue 31 item 15). Every
 * character of the text is escaped first, so nothing in a text becomes markup except the few tags made
 * here: no attribute, no link, no script can come from the content.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#39" }[c]};`);

const inline = (text: string) => escapeHtml(text).replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>");

const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^[-*]\s+(.*)$/;
const ORDERED = /^\d+[.)]\s+(.*)$/;
const QUOTE = /^>\s?(.*)$/;
const TABLE_ROW = /^\|.*\|$/;
const TABLE_RULE = /^\|(\s*:?-{3,}:?\s*\|)+$/;

/** The cells of a table row `| a | b |`. */
const cells = (row: string) =>
  row
    .slice(1, -1)
    .split("|")
    .map((cell) => cell.trim());

type Block =
  | { kind: "heading"; level: number; text: string }
  | { kind: "paragraph" | "quote"; lines: string[] }
  | { kind: "list"; ordered: boolean; items: string[] }
  | { kind: "table"; rows: string[] };

/** The blocks of a text, line by line (the same reading as the web's `lib/markdown.ts`, plus tables). */
export function markdownBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  const flush = () => {
    if (current) blocks.push(current);
    current = null;
  };
  for (const raw of source.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    const open = current as Block | null;
    if (!line) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: "heading", level: heading[1]?.length ?? 1, text: heading[2] ?? "" });
      continue;
    }
    if (TABLE_ROW.test(line)) {
      if (open?.kind === "table") open.rows.push(line);
      else {
        flush();
        current = { kind: "table", rows: [line] };
      }
      continue;
    }
    const bullet = BULLET.exec(line);
    const ordered = bullet ? null : ORDERED.exec(line);
    if (bullet || ordered) {
      const text = (bullet ?? ordered)?.[1] ?? "";
      if (open?.kind === "list" && open.ordered === Boolean(ordered)) open.items.push(text);
      else {
        flush();
        current = { kind: "list", ordered: Boolean(ordered), items: [text] };
      }
      continue;
    }
    const quote = QUOTE.exec(line);
    const kind = quote ? "quote" : "paragraph";
    const text = quote ? (quote[1] ?? "") : line;
    if (open?.kind === kind) open.lines.push(text);
    else {
      flush();
      current = { kind, lines: [text] };
    }
  }
  flush();
  return blocks;
}

function tableHtml(rows: string[]): string {
  // `| a | b |` then `|---|---|`: the first row is the header; without the rule every row is data.
  const hasHead = rows.length > 1 && TABLE_RULE.test(rows[1]?.replace(/\s/g, "") ?? "");
  const head = hasHead ? rows[0] : undefined;
  const body = hasHead ? rows.slice(2) : rows;
  const row = (line: string, tag: "th" | "td") =>
    `<tr>${cells(line)
      .map((cell) => `<${tag}>${inline(cell)}</${tag}>`)
      .join("")}</tr>`;
  return `<table>${head ? `<thead>${row(head, "th")}</thead>` : ""}<tbody>${body
    .map((line) => row(line, "td"))
    .join("")}</tbody></table>`;
}

/**
 * HTML of a text: `## x` → `<h3>` (the page title is above), lists → `<ul>`/`<ol>`, "> " → `<blockquote>`,
 * tables → `<table>`, other blocks → `<p>` with `<br>` between lines.
 */
export function markdownToHtml(source: string): string {
  return markdownBlocks(source)
    .map((block) => {
      switch (block.kind) {
        case "heading": {
          const level = Math.min(6, block.level + 1);
          return `<h${level}>${inline(block.text)}</h${level}>`;
        }
        case "list": {
          const tag = block.ordered ? "ol" : "ul";
          return `<${tag}>${block.items.map((item) => `<li>${inline(item)}</li>`).join("")}</${tag}>`;
        }
        case "table":
          return tableHtml(block.rows);
        case "quote":
          return `<blockquote><p>${block.lines.map(inline).join("<br>")}</p></blockquote>`;
        default:
          return `<p>${block.lines.map(inline).join("<br>")}</p>`;
      }
    })
    .join("");
}

/** The text without its Markdown marks, for Wagtail's plain-text fields (a table row's cells by " – "). */
export function markdownToPlain(source: string): string {
  return markdownBlocks(source)
    .map((block) => {
      const plain = (text: string) => text.replace(/\*\*(.+?)\*\*/g, "$1");
      switch (block.kind) {
        case "heading":
          return plain(block.text);
        case "list":
          return block.items.map(plain).join("\n");
        case "table":
          return block.rows
            .filter((row) => !TABLE_RULE.test(row.replace(/\s/g, "")))
            .map((row) => cells(row).map(plain).join(" – "))
            .join("\n");
        default:
          return block.lines.map(plain).join("\n");
      }
    })
    .join("\n\n");
}
