import { i18n } from "../../i18n/i18n.ts";
import de from "../../locales/de/waitingList.json";
import ru from "../../locales/ru/waitingList.json";

// The waiting-list texts travel with their chunks (see i18n/resources.ts).
i18n.addResourceBundle("de", "waitingList", de, true, true);
i18n.addResourceBundle("ru", "waitingList", ru, true, true);
