import { lazyScreen } from "../shared/lazy-screen.ts";

const load = () => import("./products.tsx");

/** Offers: list, create and edit (D97–D102); its slots and prices are edited on its page. */
export default {
  list: lazyScreen(load, "ProductList"),
  edit: lazyScreen(load, "ProductEdit"),
  create: lazyScreen(load, "ProductCreate"),
};
