import { i18n } from "../../i18n/i18n.ts";
import de from "../../locales/de/phoneInput.json";
import ru from "../../locales/ru/phoneInput.json";

// The phone input's texts travel with its chunk (it loads only where a form has a phone field, see
// i18n/resources.ts); importing this module registers them before the input renders.
i18n.addResourceBundle("de", "phoneInput", de, true, true);
i18n.addResourceBundle("ru", "phoneInput", ru, true, true);
