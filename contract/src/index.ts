export * from "./errors.ts";
export * from "./routes.ts";
export * from "./rules/constants.ts";
export * from "./rules/email.ts";
export * from "./rules/locale.ts";
export * from "./rules/name.ts";
export * from "./rules/password.ts";
export * from "./rules/phone.ts";
