import { i18n } from "../../i18n/i18n.ts";
import de from "../../locales/de/visitRequests.json";
import ru from "../../locales/ru/visitRequests.json";

// The visit-request texts travel with the product page's chunk (see i18n/resources.ts).
i18n.addResourceBundle("de", "visitRequests", de, true, true);
i18n.addResourceBundle("ru", "visitRequests", ru, true, true);
