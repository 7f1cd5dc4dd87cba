import { lazyScreen } from "../shared/lazy-screen.ts";

const load = () => import("./categories.tsx");

/** Categories of offers. */
export default {
  list: lazyScreen(load, "CategoryList"),
  edit: lazyScreen(load, "CategoryEdit"),
  create: lazyScreen(load, "CategoryCreate"),
  recordRepresentation: "label",
};
