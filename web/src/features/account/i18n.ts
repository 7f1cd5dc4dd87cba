import { i18n } from "../../i18n/i18n.ts";
import de from "../../locales/de/account.json";
import ru from "../../locales/ru/account.json";

// The account texts (profile menu, profile forms) travel with that code (see i18n/resources.ts); importing this module registers them before the chunk renders.
i18n.addResourceBundle("de", "account", de, true, true);
i18n.addResourceBundle("ru", "account", ru, true, true);
