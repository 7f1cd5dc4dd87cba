import { Fragment } from "react";
import { type InlineLine, parseMarkdown } from "../../lib/markdown.ts";

function InlineText({ line }: { line: InlineLine }) {
  return (
    <>
      {line.map((part, index) =>
        part.bold ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
          <strong key={index}>{part.text}</strong>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}

function Lines({ lines }: { lines: InlineLine[] }) {
  return (
    <>
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          <InlineText line={line} />
        </Fragment>
      ))}
    </>
  );
}

const HEADING_CLASS = {
  2: "mt-8 text-2xl font-bold text-slate-900",
  3: "mt-6 text-xl font-bold text-slate-900",
  4: "mt-4 text-lg font-bold text-slate-900",
} as const;

/**
 * Renders the shop's Markdown subset (see lib/markdown.ts) as React elements: no HTML string is ever
 * injected. `#` becomes at least an h2, because the page title is the h1.
 */
export function Markdown({ source, className = "" }: { source: string; className?: string }) {
  const blocks = parseMarkdown(source);
  return (
    <div className={`space-y-4 leading-relaxed text-slate-800 ${className}`}>
      {blocks.map((block, index) => {
        switch (block.kind) {
          case "heading": {
            const level = Math.min(4, Math.max(2, block.level + (block.level === 1 ? 1 : 0))) as 2 | 3 | 4;
            const Tag = `h${level}` as const;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
              <Tag key={index} className={HEADING_CLASS[level]}>
                <InlineText line={block.content} />
              </Tag>
            );
          }
          case "list": {
            const Tag = block.ordered ? "ol" : "ul";
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
              <Tag key={index} className={`space-y-1 pl-6 ${block.ordered ? "list-decimal" : "list-disc"}`}>
                {block.items.map((item, itemIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
                  <li key={itemIndex}>
                    <InlineText line={item} />
                  </li>
                ))}
              </Tag>
            );
          }
          case "quote":
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
              <p key={index} className="rounded-xl border-l-4 border-orange-800 bg-orange-50 p-4">
                <Lines lines={block.lines} />
              </p>
            );
          default:
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
              <p key={index}>
                <Lines lines={block.lines} />
              </p>
            );
        }
      })}
    </div>
  );
}
