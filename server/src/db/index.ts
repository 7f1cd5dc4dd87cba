// The database platform: client, change feed, prepared statements and every area's table definitions.

export { type AddressSpan, exactInstant, sentWithin, withinSpan } from "./address-spans.ts";
export { allInOrder } from "./all-in-order.ts";
export { type BatchedRead, batchedRead, keyRows } from "./batched-read.ts";
export type { ChangeFeed, FeedChange } from "./change-feed.ts";
export {
  type Database,
  type Db,
  type DbOrTx,
  MIGRATIONS_DIR,
  openDatabase,
  type PoolStats,
  pgliteFolder,
  type Tx,
} from "./client.ts";
export { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "./db-unavailable.ts";
export { boundedTotal, EXACT_COUNT_LIMIT, SEARCH_COUNT_LIMIT, wholeTableTotal } from "./estimate.ts";
export { containsPattern, prefixPattern, searchTextContains } from "./like.ts";
export { type Maintenance, startEmbeddedMaintenance } from "./maintenance.ts";
export { type DatabaseSetting, databaseOpenFailure, databaseWhere } from "./open-failure.ts";
export { orderSumTriggers, REFRESH_ALL_ORDER_SUMS } from "./order-payment-sums.ts";
export { askTogether, commitWith } from "./pipelined-transaction.ts";
export { changesAsPlaceholders, idIn, inOrderOf, pgArray, ph, prepared, preparedSql } from "./prepared.ts";
export * from "./schema/index.ts";
export { installation, orders, paymentEvents, paymentIssues, payments } from "./schema/index.ts";
export { createSnapshotReuse, currentSnapshot, sharedSnapshot } from "./snapshot.ts";
