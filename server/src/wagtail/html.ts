/**
 * Our texts are a tiny Markdown (headings, paragraphs, "- " lists, **bold**); the existing client puts
 * Wagtail's rich-text fields into the page as HTML. Every character of the text is escaped first, so
 * nothing in a text becomes markup except the few tags made here.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#39" }[c]};`);

const inline = (text: string) => escapeHtml(text).replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>");

const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^[-*]\s+(.*)$/;

/** HTML of a text: `## x` → `<h2>`, "- " lines → `<ul>`, other blocks → `<p>` with `<br>` between lines. */
export function markdownToHtml(source: string): string {
  const out: string[] = [];
  for (const block of source.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
    const lines = block
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    let paragraph: string[] = [];
    let items: string[] = [];
    const flush = () => {
      if (paragraph.length) out.push(`<p>${paragraph.join("<br>")}</p>`);
      if (items.length) out.push(`<ul>${items.map((item) => `<li>${item}</li>`).join("")}</ul>`);
      paragraph = [];
      items = [];
    };
    for (const line of lines) {
      const heading = HEADING.exec(line);
      const bullet = BULLET.exec(line);
      if (heading) {
        flush();
        const level = Math.min(6, (heading[1]?.length ?? 1) + 1);
        out.push(`<h${level}>${inline(heading[2] ?? "")}</h${level}>`);
      } else if (bullet) {
        if (paragraph.length) flush();
        items.push(inline(bullet[1] ?? ""));
      } else {
        if (items.length) flush();
        paragraph.push(inline(line));
      }
    }
    flush();
  }
  return out.join("");
}

/** The text without its Markdown marks, for Wagtail's plain-text fields. */
export function markdownToPlain(source: string): string {
  return source
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) =>
      line
        .trim()
        .replace(HEADING, "$2")
        .replace(BULLET, "$1")
        .replace(/\*\*(.+?)\*\*/g, "$1"),
    )
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
