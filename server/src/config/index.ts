export {
  ConfigError,
  type Env,
  loadEnv,
  MAX_IDLE_IN_TRANSACTION_MS,
  poolIdleMs,
  staffNoticeRecipients,
} from "./env.ts";
