import { initI18n } from "../i18n/i18n.ts";

// As main.tsx does before any chunk loads: feature modules register their texts on import.
initI18n("de");
