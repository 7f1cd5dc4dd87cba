import { lazyScreen } from "../shared/lazy-screen.ts";

const load = () => import("./contact-requests.tsx");

/** Contact requests: status, note and handler (D136). */
export default {
  list: lazyScreen(load, "ContactRequestList"),
  edit: lazyScreen(load, "ContactRequestEdit"),
};
