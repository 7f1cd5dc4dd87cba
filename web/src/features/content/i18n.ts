import { i18n } from "../../i18n/i18n.ts";
import deContent from "../../locales/de/content.json";
import ruContent from "../../locales/ru/content.json";

// The route chunk brings its own texts (see i18n/resources.ts); importing this module registers them
// before any component of the chunk renders.
i18n.addResourceBundle("de", "content", deContent, true, true);
i18n.addResourceBundle("ru", "content", ruContent, true, true);
