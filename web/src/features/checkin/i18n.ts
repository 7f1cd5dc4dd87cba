import { i18n } from "../../i18n/i18n.ts";
import de from "../../locales/de/checkin.json";
import ru from "../../locales/ru/checkin.json";

// The check-in texts travel with the scanner page's chunk (see i18n/resources.ts).
i18n.addResourceBundle("de", "checkin", de, true, true);
i18n.addResourceBundle("ru", "checkin", ru, true, true);
