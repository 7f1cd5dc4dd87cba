export * from "./catalogue.ts";
export * from "./catalogue-version.ts";
export * from "./contact.ts";
export * from "./orders.ts";
export * from "./subscriptions.ts";
export * from "./users.ts";
export * from "./visitors.ts";
export * from "./withdrawals.ts";
