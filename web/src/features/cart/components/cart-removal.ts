import { createContext } from "react";

/**
 * What the cart page does once a line is gone (D617): it says which offer was removed and takes the focus to
 * its heading, since the button that had the focus went with the line. Outside a cart page: nothing.
 */
export const CartRemovedContext = createContext<(product: string) => void>(() => undefined);

/**
 * A change of a line said in the cart page's status line (D625): a line given to another child moves to that
 * child's part of the cart, and a screen reader hears where it went. Outside a cart page: nothing.
 */
export const CartStatusContext = createContext<(text: string) => void>(() => undefined);
