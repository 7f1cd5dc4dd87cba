export { errorForReport, logSerializers, redactUrl } from "./log-redaction.ts";
