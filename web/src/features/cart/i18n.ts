import { i18n } from "../../i18n/i18n.ts";
import de from "../../locales/de/cart.json";
import ru from "../../locales/ru/cart.json";

// The cart and booking texts travel with their chunks (see i18n/resources.ts).
i18n.addResourceBundle("de", "cart", de, true, true);
i18n.addResourceBundle("ru", "cart", ru, true, true);
