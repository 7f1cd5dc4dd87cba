import { lazyScreen } from "../shared/lazy-screen.ts";

const load = () => import("./locations.tsx");

/** The school's houses with their addresses (D151, D152). */
export default {
  list: lazyScreen(load, "LocationList"),
  edit: lazyScreen(load, "LocationEdit"),
  create: lazyScreen(load, "LocationCreate"),
  recordRepresentation: "label",
};
