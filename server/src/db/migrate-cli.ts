import { loadEnv } from "../config/index.ts";
import { openDatabase } from "./client.ts";

// Applies pending migrations (the server also does this at start-up).
const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, limits: env });
await database.migrate();
await database.close();
console.log(`migrations applied (${database.kind})`);
