import { i18n } from "../../i18n/i18n.ts";
import deCatalogue from "../../locales/de/catalogue.json";
import ruCatalogue from "../../locales/ru/catalogue.json";

// The route chunk brings its own texts (see i18n/resources.ts); importing this module registers them
// before any component of the chunk renders.
i18n.addResourceBundle("de", "catalogue", deCatalogue, true, true);
i18n.addResourceBundle("ru", "catalogue", ruCatalogue, true, true);
