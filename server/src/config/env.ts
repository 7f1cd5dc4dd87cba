import { z } from "zod";

const csv = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ error: "each entry must be an origin such as https://school.example" })));

const optionalUrl = z.preprocess((v) => (v === "" ? undefined : v), z.url().optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin of the shop, used in links in mails, canonical URLs and the sitemap. */
  PUBLIC_URL: z.url().default("http://localhost:3000"),
  DATA_DIR: z.string().min(1).default(".data"),
  /** PostgreSQL connection string; without it the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: optionalUrl,
  CORS_ORIGINS: csv.default([]),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Directory of the built SPA; defaults to web/dist beside the server package. */
  WEB_DIST_DIR: z.string().optional(),
  /** smtp://user:pass@host:port; without it mails are written as .eml files under DATA_DIR/outbox. */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default("Atelier <info@atelier-berlin.example>"),
  SCHOOL_EMAIL: z.email().default("info@atelier-berlin.example"),
  MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(50).default(2000),
  SENTRY_DSN: optionalUrl,
  SENTRY_ENVIRONMENT: z.string().min(1).default("development"),
  /** Seeds the demo catalogue when the database is empty at start-up. */
  SEED_ON_EMPTY: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  STAFF_EMAIL: z.email().default("staff@atelier-berlin.example"),
  STAFF_PASSWORD: z.string().min(8).optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export class ConfigError extends Error {}

/** Validates the environment; a wrong value stops the server with a message naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".") || "(env)"}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}
