import { i18n } from "../../i18n/i18n.ts";
import de from "../../locales/de/withdrawal.json";
import ru from "../../locales/ru/withdrawal.json";

// The withdrawal and document texts travel with the profile's chunk, like the history's.
i18n.addResourceBundle("de", "withdrawal", de, true, true);
i18n.addResourceBundle("ru", "withdrawal", ru, true, true);
