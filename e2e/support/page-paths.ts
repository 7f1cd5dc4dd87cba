import { PAGE_ROUTES } from "@atelier/contract";

/** A real value for each route parameter, so the page shows its content rather than "not found". */
const PARAMS: Record<string, string> = {
  "/instructor/$id": "anna-petrova",
  "/product/$id": "kleine-maler-5-7",
  "/product/buy/$id": "kleine-maler-5-7",
  "/payment-complete/$id": "1",
  "/waiting-list/offer/$id": "no-such-offer",
  "/pay/$token": "no-such-link",
  "/absence/$token": "no-such-link",
};

/** Every page route of the shop (contract's PAGE_ROUTES) as a path a browser can open. */
export const PAGE_PATHS = PAGE_ROUTES.map((route) =>
  route.path.replace(/\$[a-z]+/i, PARAMS[route.path] ?? ""),
);
