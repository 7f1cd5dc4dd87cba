import { lazyScreen } from "../shared/lazy-screen.ts";

const load = () => import("./waiting-list.tsx");

/** The waiting lists per slot or week (D162, D163). */
export default {
  list: lazyScreen(load, "WaitingList"),
};
