// Date and time formatting is shared with the cart (lib/format.ts).
export { formatDate, formatTime, weekdayName } from "../../lib/format.ts";
