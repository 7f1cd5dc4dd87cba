import { lazyScreen } from "../shared/lazy-screen.ts";

const load = () => import("./mails.tsx");

/** The mail outbox: every mail the shop wrote, its state, and "send again" for one given up (D534). */
export default {
  list: lazyScreen(load, "MailList"),
  show: lazyScreen(load, "MailShow"),
};
