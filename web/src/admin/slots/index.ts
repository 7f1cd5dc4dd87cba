import { lazyScreen } from "../shared/lazy-screen.ts";

const load = () => import("./slots.tsx");

/** The dates of an offer (D97, D111): a booked slot is archived, not deleted. */
export default {
  list: lazyScreen(load, "SlotList"),
  edit: lazyScreen(load, "SlotEdit"),
  create: lazyScreen(load, "SlotCreate"),
};
