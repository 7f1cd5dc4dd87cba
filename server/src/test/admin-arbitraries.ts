import fc from "fast-check";

/**
 * A body near a valid one, for the property tests of the back office's write routes: some fields replaced
 * by `values` (each test file's hostile values), some removed, an unknown one now and then; or the valid
 * body itself; or any JSON at all. So most runs reach the service and the database rather than stopping at
 * the schema. The valid body is made when the run starts (an edit starts from the record as it is then).
 */
export function mutatedBody(
  keys: string[],
  values: fc.Arbitrary<unknown>,
): fc.Arbitrary<(valid: Record<string, unknown>) => unknown> {
  // An unknown field is refused by the schema before anything else, so it is sent only now and then.
  const key = fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...keys) },
    { weight: 1, arbitrary: fc.constant("unknown_field") },
  );
  const changes = fc.dictionary(key, values, { minKeys: 1, maxKeys: 2 });
  const removals = fc.subarray(keys, { maxLength: 2 });
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc.tuple(changes, removals).map(([set, drop]) => (valid: Record<string, unknown>) => {
        const body: Record<string, unknown> = { ...valid, ...set };
        for (const name of drop) delete body[name];
        return body;
      }),
    },
    { weight: 1, arbitrary: fc.constant((valid: Record<string, unknown>) => valid) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((any) => () => any) },
  );
}
