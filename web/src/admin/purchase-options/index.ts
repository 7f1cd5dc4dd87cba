import { lazyScreen } from "../shared/lazy-screen.ts";

const load = () => import("./purchase-options.tsx");

/** Purchase options and their prices. */
export default {
  list: lazyScreen(load, "PurchaseOptionList"),
  edit: lazyScreen(load, "PurchaseOptionEdit"),
  create: lazyScreen(load, "PurchaseOptionCreate"),
};
