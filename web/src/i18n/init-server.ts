import { initI18n } from "./i18n.ts";

// Server rendering (D86): the texts are set up before any page module runs, since pages that bring their
// own texts (`addResourceBundle`) need an initialised instance; the browser does this in main.tsx first.
initI18n("de");
