import { lazyScreen } from "../shared/lazy-screen.ts";

const load = () => import("./staff-orders.tsx");

/** A booking on behalf of a parent (D156): the menu entry opens the form; a saved one is an order. */
export default {
  list: lazyScreen(load, "StaffOrderCreate"),
  create: lazyScreen(load, "StaffOrderCreate"),
};
