import { lazyScreen } from "../shared/lazy-screen.ts";

const load = () => import("./redirects.tsx");

/** Redirects staff keep (D189). */
export default {
  list: lazyScreen(load, "RedirectList"),
  edit: lazyScreen(load, "RedirectEdit"),
  create: lazyScreen(load, "RedirectCreate"),
};
