export { seedDemoCatalogue } from "./seed.ts";
