import { i18n } from "../../i18n/i18n.ts";
import de from "../../locales/de/contracts.json";
import ru from "../../locales/ru/contracts.json";

// The contracts texts travel with the cancellation page's and the profile's chunks (see i18n/resources.ts).
i18n.addResourceBundle("de", "contracts", de, true, true);
i18n.addResourceBundle("ru", "contracts", ru, true, true);
