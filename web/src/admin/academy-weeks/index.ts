import { lazyScreen } from "../shared/lazy-screen.ts";

const load = () => import("./academy-weeks.tsx");

/** Academy weeks (D119, D150): seats never below those taken. */
export default {
  list: lazyScreen(load, "WeekList"),
  edit: lazyScreen(load, "WeekEdit"),
  create: lazyScreen(load, "WeekCreate"),
};
