import { lazyScreen } from "../shared/lazy-screen.ts";

/** Orders (D127–D129): found in the list, read and acted on from their show page. */
export default {
  list: lazyScreen(() => import("./order-list.tsx"), "OrderList"),
  show: lazyScreen(() => import("./order-show.tsx"), "OrderShow"),
};
