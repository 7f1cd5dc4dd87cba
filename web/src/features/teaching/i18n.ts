import { i18n } from "../../i18n/i18n.ts";
import de from "../../locales/de/teaching.json";
import ru from "../../locales/ru/teaching.json";

// The instructor's texts travel with the /teaching page's chunk (see i18n/resources.ts).
i18n.addResourceBundle("de", "teaching", de, true, true);
i18n.addResourceBundle("ru", "teaching", ru, true, true);
