// Date and time formatting is shared with the cart (lib/format.ts).
export { formatDate, formatTime, slotDay, weekdayName } from "../../lib/format.ts";
