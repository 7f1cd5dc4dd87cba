export {
  ConfigError,
  type Env,
  loadEnv,
  MAX_IDLE_IN_TRANSACTION_MS,
  poolIdleMs,
  staffNoticeRecipients,
} from "./env.ts";
export {
  parseSettingsFile,
  readSettingsFile,
  type SettingsFile,
  SettingsFileError,
} from "./settings-file.ts";
