import type { ReactNode } from "react";

/**
 * A list of the parent's requests in the profile's history tab (visit requests D137, party requests
 * D159): a titled section with one card per request; the caller says what a card shows.
 */
export function ProfileRequestList<T extends { id: number }>({
  id,
  title,
  items,
  testId,
  children,
}: {
  /** The heading's id, which names the section for screen readers. */
  id: string;
  title: string;
  items: readonly T[];
  testId: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mb-10">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <ul className="mt-4 space-y-3">
        {items.map((item) => (
          <li key={item.id} className="rounded-lg border border-slate-300 p-4 text-base" data-testid={testId}>
            {children(item)}
          </li>
        ))}
      </ul>
    </section>
  );
}
