import { lazyScreen } from "../shared/lazy-screen.ts";

const load = () => import("./gift-cards.tsx");

/** Gift cards issued by hand, deactivated, with their history (D125). */
export default {
  list: lazyScreen(load, "GiftCardList"),
  edit: lazyScreen(load, "GiftCardEdit"),
  create: lazyScreen(load, "GiftCardCreate"),
};
