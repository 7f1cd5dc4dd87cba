import { lazyScreen } from "../shared/lazy-screen.ts";

const load = () => import("./promocodes.tsx");

/** Promocodes with their uses (D124, D318). */
export default {
  list: lazyScreen(load, "PromocodeList"),
  edit: lazyScreen(load, "PromocodeEdit"),
  create: lazyScreen(load, "PromocodeCreate"),
};
