import { i18n } from "../../i18n/i18n.ts";
import de from "../../locales/de/history.json";
import ru from "../../locales/ru/history.json";

// The history texts travel with the profile's chunk (see i18n/resources.ts).
i18n.addResourceBundle("de", "history", de, true, true);
i18n.addResourceBundle("ru", "history", ru, true, true);
