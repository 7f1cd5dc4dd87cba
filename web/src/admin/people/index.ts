import { lazyScreen } from "../shared/lazy-screen.ts";

const load = () => import("./people.tsx");

/** Families and staff (D138, D139): found, read, given a role or erased. */
export default {
  list: lazyScreen(load, "PersonList"),
  show: lazyScreen(load, "PersonShow"),
};
