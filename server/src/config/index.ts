export {
  ConfigError,
  type Env,
  loadEnv,
  MAX_IDLE_IN_TRANSACTION_MS,
  staffNoticeRecipients,
} from "./env.ts";
