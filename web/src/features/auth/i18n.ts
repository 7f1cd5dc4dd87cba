import { i18n } from "../../i18n/i18n.ts";
import de from "../../locales/de/auth.json";
import ru from "../../locales/ru/auth.json";

// The sign-in texts travel with the sign-in code, not in the home page bundle (see i18n/resources.ts); importing this module registers them before the chunk renders.
i18n.addResourceBundle("de", "auth", de, true, true);
i18n.addResourceBundle("ru", "auth", ru, true, true);
