import { lazyScreen } from "../shared/lazy-screen.ts";

const load = () => import("./lesson-cancellations.tsx");

/** Lessons the school cancelled (issue 35, D369): the list and the form that cancels one date. */
export default {
  list: lazyScreen(load, "CancellationList"),
  create: lazyScreen(load, "CancellationCreate"),
};
