/**
 * The malformed-input sweep over the OpenAPI document (`admin/admin-malformed.test.ts`,
 * `public-malformed.test.ts`): every operation the filter keeps, called with ids and bodies no form sends.
 * Answers the calls that got a 5xx, each with what was sent; the tests expect none.
 */

/**
 * Path values: for an id one that exists (the demo's first rows), one that exists in no table, one out of
 * int4 and one not a number; for a month a real one and an impossible one.
 */
const PATH_VALUES: Record<string, string[]> = {
  month: ["2026-11", "2026-13"],
  default: ["1", "999999", "2147483648", "abc"],
};
const pathsOf = (path: string) => {
  const name = /\{([^}]+)\}/.exec(path)?.[1];
  if (!name) return [path];
  return (PATH_VALUES[name] ?? PATH_VALUES.default ?? []).map((value) => path.replace(/\{[^}]+\}/g, value));
};
/** Bodies: empty, of the wrong type, with NUL bytes and lone surrogates, numbers out of range, deep nesting. */
const BODIES: unknown[] = [
  {},
  [],
  "text",
  { id: 2_147_483_648, version: -1, amount_cents: 1e308, date: "2026-02-30", locale: "xx" },
  { name: "\u0000", text: "\ud800", subject: "a\nb", email: "not-an-address", to: "x@y" },
  { a: { b: { c: { d: { e: [1, [2, [3, [4]]]] } } } } },
];

type Call = (
  method: "GET",
  url: string,
  options: { headers: Record<string, string>; body?: unknown },
) => Promise<{ statusCode: number; body: string }>;

export async function malformedSweep(input: {
  /** The app's OpenAPI document. */
  doc: { paths: Record<string, Record<string, unknown>> };
  keep: (path: string) => boolean;
  call: Call;
  headers: Record<string, string>;
}): Promise<{ operations: number; failures: string[] }> {
  const operations = Object.entries(input.doc.paths)
    .filter(([path]) => input.keep(path))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ path, method })));
  const failures: string[] = [];
  for (const { path, method } of operations) {
    const verb = method.toUpperCase() as "GET";
    const withBody = method !== "get" && method !== "delete";
    for (const url of pathsOf(path)) {
      for (const body of withBody ? BODIES : [undefined]) {
        const res = await input.call(verb, url, { headers: input.headers, body });
        if (res.statusCode >= 500)
          failures.push(
            `${method} ${url} ${JSON.stringify(body)}: ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
      }
    }
  }
  return { operations: operations.length, failures };
}
