import { lazyScreen } from "../shared/lazy-screen.ts";

const load = () => import("./closures.tsx");

/** Holidays and closing days, per house or everywhere (D114, D151). */
export default {
  list: lazyScreen(load, "ClosureList"),
  edit: lazyScreen(load, "ClosureEdit"),
  create: lazyScreen(load, "ClosureCreate"),
};
