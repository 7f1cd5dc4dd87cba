import { i18n } from "../../i18n/i18n.ts";
import deContact from "../../locales/de/contact.json";
import ruContact from "../../locales/ru/contact.json";

// The route chunk brings its own texts (see i18n/resources.ts); importing this module registers them
// before any component of the chunk renders.
i18n.addResourceBundle("de", "contact", deContact, true, true);
i18n.addResourceBundle("ru", "contact", ruContact, true, true);
