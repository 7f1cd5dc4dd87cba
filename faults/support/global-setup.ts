import { assertBuilt } from "./shop.ts";

/** Fails the run at once, with what to do, when `npm run build` has not made the shop these tests run. */
export default function setup(): void {
  assertBuilt();
}
