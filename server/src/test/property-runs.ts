/**
 * How many cases a property test over HTTP runs (issue 33, D337). `npm test` runs a fixed sample of each
 * property: at most QUICK_RUNS cases from a fixed seed, so the run is short and repeats exactly.
 * `npm run test:deep` (PROPERTY_DEPTH=deep) runs each property's full count from a new seed, which
 * fast-check prints with a failure (`seed: …`), to be replayed with ADMIN_PROPERTY_SEED. ADMIN_PROPERTY_RUNS
 * sets the count of every property by hand, as before.
 */
export const QUICK_RUNS = 25;
export const QUICK_SEED = 20_261_128;

export function propertyRuns(full: number): { numRuns: number; seed?: number } {
  const seed = process.env.ADMIN_PROPERTY_SEED ? { seed: Number(process.env.ADMIN_PROPERTY_SEED) } : {};
  if (process.env.ADMIN_PROPERTY_RUNS) return { numRuns: Number(process.env.ADMIN_PROPERTY_RUNS), ...seed };
  if (process.env.PROPERTY_DEPTH === "deep") return { numRuns: full, ...seed };
  return { numRuns: Math.min(full, QUICK_RUNS), seed: QUICK_SEED, ...seed };
}
