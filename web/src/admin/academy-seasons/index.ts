import { lazyScreen } from "../shared/lazy-screen.ts";

const load = () => import("./academy-seasons.tsx");

/** Academy seasons (D119). */
export default {
  list: lazyScreen(load, "SeasonList"),
  edit: lazyScreen(load, "SeasonEdit"),
  create: lazyScreen(load, "SeasonCreate"),
};
