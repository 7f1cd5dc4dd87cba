// The tables, each file owned by one area (docs/architecture.md); migrations are generated from all of them.
export * from "./admin.ts";
export * from "./catalogue.ts";
export * from "./checkin.ts";
export * from "./contact.ts";
export * from "./gift-cards.ts";
export * from "./installation.ts";
export * from "./invoices.ts";
export * from "./mail.ts";
export * from "./orders.ts";
export * from "./payment-issues.ts";
export * from "./payments.ts";
export * from "./subscriptions.ts";
export * from "./users.ts";
export * from "./visit-requests.ts";
export * from "./visitors.ts";
export * from "./waiting-list.ts";
export * from "./withdrawals.ts";
