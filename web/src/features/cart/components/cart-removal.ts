import { createContext } from "react";

/**
 * What the cart page does once a line is gone (D617): it says which offer was removed and takes the focus to
 * its heading, since the button that had the focus went with the line. Outside a cart page: nothing.
 */
export const CartRemovedContext = createContext<(product: string) => void>(() => undefined);
