export { ConfigError, type Env, loadEnv } from "./env.ts";
