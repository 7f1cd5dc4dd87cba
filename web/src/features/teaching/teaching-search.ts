/** `/teaching?slot=…&date=…`: the lesson whose roster is open (D384); anything else is dropped. */
export type TeachingSearch = { slot?: number; date?: string };

export function parseTeachingSearch(search: Record<string, unknown>): TeachingSearch {
  const slot = Number(search.slot);
  const date = search.date;
  if (!Number.isInteger(slot) || slot < 1 || slot > 2_147_483_647) return {};
  if (typeof date !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return {};
  return { slot, date };
}
