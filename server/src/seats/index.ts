export { findRunningOffers } from "./running-offers.ts";
export {
  holdsSeats,
  nextHoldEnd,
  SLOT_UNITS,
  seatsTakenInWeeks,
  slotOfferHolds,
  slotSeatsTaken,
  slotSeatsTakenIn,
  slotWeeklySeatsTakenIn,
  type UnitKind,
  WEEK_UNITS,
  weekOfferHolds,
  weekSeatsTaken,
  weekSeatsTakenIn,
} from "./seats.ts";
