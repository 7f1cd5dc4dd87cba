import { lazyScreen } from "../shared/lazy-screen.ts";

const load = () => import("./visit-requests.tsx");

/** Visit requests (trial, out, waiting): status, note, handler, a confirmed date (D136, D137). */
export default {
  list: lazyScreen(load, "VisitRequestList"),
  edit: lazyScreen(load, "VisitRequestEdit"),
};
