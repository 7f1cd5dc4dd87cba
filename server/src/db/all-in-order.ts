// One rule for statements asked together (D456): their answers, or the first failure in the order asked.

/**
 * `Promise.all` for statements asked together in one transaction, failing with the first failure in the
 * order asked, not in the order the rejections happen to arrive. A statement behind a failed one fails only
 * because the transaction is aborted (`25P02`), and its rejection may reach the caller first; the cause (a
 * lock's timeout, which the shop answers with 503) is the earlier statement's.
 */
export async function allInOrder<T extends readonly unknown[] | []>(
  promises: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(promises);
  for (const result of settled) if (result.status === "rejected") throw result.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}
