import { lazyScreen } from "../shared/lazy-screen.ts";

const load = () => import("./instructor-reports.tsx");

/** What instructors report from their lessons. */
export default {
  list: lazyScreen(load, "InstructorReportList"),
};
