export { ConfigError, type Env, loadEnv, staffNoticeRecipients } from "./env.ts";
