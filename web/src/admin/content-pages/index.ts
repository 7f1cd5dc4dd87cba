import { lazyScreen } from "../shared/lazy-screen.ts";

const load = () => import("./content-pages.tsx");

/** The shop's own text pages in German and Russian (D123). */
export default {
  list: lazyScreen(load, "ContentPageList"),
  edit: lazyScreen(load, "ContentPageEdit"),
  create: lazyScreen(load, "ContentPageCreate"),
};
