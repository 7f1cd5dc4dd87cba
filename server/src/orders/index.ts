export { cartRoutes } from "./cart.routes.ts";
export { type CartService, createCartService } from "./cart.service.ts";
export { addBooking } from "./cart-add.ts";
export { checkBooking, recheckItems } from "./cart-check.ts";
export { applyCode as applyPromocode } from "./cart-promocode.ts";
export { orderOf, toOrder as orderReply } from "./cart-reply.ts";
export { reprice as repriceCart, repriceItems } from "./cart-reprice.ts";
export { type CartCaller, type CartDeps, codeIdUsedUp, codeUsedUp } from "./cart-shared.ts";
export { lockCart, moveItems } from "./cart-transfer.ts";
export {
  anonymiseOrdersOfUser,
  type CartItemRow,
  countUnpaidOrdersOfUser,
  findCartItems,
  findUserCart,
  type ItemHouse,
  type ItemPageOption,
  type ItemSlot,
  type ItemWeek,
  itemColumns,
  itemLinkVersions,
  itemSlots,
  lineColumns,
  listOrderBillingOfUser,
  listOrdersOfUserForStaff,
  type NamedItemRow,
  namedColumns,
  shownColumns,
  slotsAndWeeksOfItems,
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
