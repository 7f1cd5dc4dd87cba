import { i18n } from "../../i18n/i18n.ts";
import de from "../../locales/de/lessons.json";
import ru from "../../locales/ru/lessons.json";

// The texts of absences and makeups travel with the chunks that show them (see i18n/resources.ts).
i18n.addResourceBundle("de", "lessons", de, true, true);
i18n.addResourceBundle("ru", "lessons", ru, true, true);
