export * from "./catalogue.ts";
export * from "./contact.ts";
export * from "./orders.ts";
export * from "./subscriptions.ts";
export * from "./users.ts";
export * from "./visitors.ts";
export * from "./waiting-list.ts";
export * from "./withdrawals.ts";
