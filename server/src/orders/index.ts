export { cartRoutes } from "./cart.routes.ts";
export { type CartService, createCartService } from "./cart.service.ts";
export {
  type CartItemRow,
  countRedemptions,
  findCartItems,
  findUserCart,
  itemColumns,
} from "./order.repository.ts";
