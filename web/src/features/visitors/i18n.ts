import { i18n } from "../../i18n/i18n.ts";
import de from "../../locales/de/visitors.json";
import ru from "../../locales/ru/visitors.json";

// The visitors texts travel with their chunk (see i18n/resources.ts).
i18n.addResourceBundle("de", "visitors", de, true, true);
i18n.addResourceBundle("ru", "visitors", ru, true, true);
