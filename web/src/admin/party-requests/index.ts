import { lazyScreen } from "../shared/lazy-screen.ts";

const load = () => import("./party-requests.tsx");

/** Birthday-party requests (D158–D160): confirmed into an order with a payment link, or declined. */
export default {
  list: lazyScreen(load, "PartyRequestList"),
  edit: lazyScreen(load, "PartyRequestEdit"),
};
