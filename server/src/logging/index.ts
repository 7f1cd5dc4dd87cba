export { errorForReport, logSerializers, REDACTED, redactUrl } from "./log-redaction.ts";
