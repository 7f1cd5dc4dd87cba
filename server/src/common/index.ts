export { createDeferredWork, type DeferredWork } from "./deferred-work.ts";
