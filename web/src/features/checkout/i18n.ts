import { i18n } from "../../i18n/i18n.ts";
import de from "../../locales/de/checkout.json";
import ru from "../../locales/ru/checkout.json";

// The checkout and payment texts travel with their chunks (see i18n/resources.ts).
i18n.addResourceBundle("de", "checkout", de, true, true);
i18n.addResourceBundle("ru", "checkout", ru, true, true);
