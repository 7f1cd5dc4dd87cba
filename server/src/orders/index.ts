export { cartRoutes } from "./cart.routes.ts";
export { type CartService, createCartService } from "./cart.service.ts";
export {
  anonymiseOrdersOfUser,
  type CartItemRow,
  countRedemptions,
  countUnpaidOrdersOfUser,
  findCartItems,
  findUserCart,
  itemColumns,
  listOrdersOfUserForStaff,
} from "./order.repository.ts";
export {
  findItemUnitsForStaff,
  findMovedUnit,
  findPageName,
  lockItemForMove,
  moveItemUnit,
} from "./order-move.repository.ts";
export {
  findPromocodeForEdit,
  insertPromocode,
  listPromocodesForStaff,
  listPromocodeUses,
  PROMOCODE_SORTS,
  type PromocodeStaffRow,
  type PromocodeValues,
  promocodeTaken,
  updatePromocode,
} from "./promocodes-staff.repository.ts";
