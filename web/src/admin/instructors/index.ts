import { lazyScreen } from "../shared/lazy-screen.ts";

const load = () => import("./instructors.tsx");

/** Instructors. */
export default {
  list: lazyScreen(load, "InstructorList"),
  edit: lazyScreen(load, "InstructorEdit"),
  create: lazyScreen(load, "InstructorCreate"),
  recordRepresentation: "label",
};
