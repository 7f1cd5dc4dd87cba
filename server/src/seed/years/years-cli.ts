import { parseArgs } from "node:util";
import { loadEnv } from "../../config/index.ts";
import { seedYears } from "./seed-years.ts";

// `npm run seed:years -- --years 10 [--seed N] [--scale F] [--until YYYY-MM-DD] [--force]`: fills the
// PostgreSQL database of DATABASE_URL with a school's decade (issue 36). Every family's password is
// YEARS_PASSWORD (default below), so a bench can sign in as any parent.
const { values } = parseArgs({
  options: {
    years: { type: "string", default: "10" },
    seed: { type: "string", default: "36" },
    scale: { type: "string", default: "1" },
    until: { type: "string" },
    force: { type: "boolean", default: false },
  },
});
const env = loadEnv();
if (!env.DATABASE_URL) throw new Error("seed:years writes to PostgreSQL: set DATABASE_URL");
const years = Number(values.years);
const seed = Number(values.seed);
const scale = Number(values.scale);
const until = values.until ? new Date(`${values.until}T12:00:00Z`) : new Date();
if (!(years > 0 && years <= 30) || !Number.isInteger(seed) || !(scale > 0) || Number.isNaN(until.getTime())) {
  throw new Error("--years 1–30, --seed an integer, --scale > 0, --until YYYY-MM-DD");
}
const started = Date.now();
const written = await seedYears({
  databaseUrl: env.DATABASE_URL,
  years,
  seed,
  scale,
  until,
  force: values.force ?? false,
  staffEmail: env.STAFF_EMAIL,
  staffPassword: env.STAFF_PASSWORD,
  familyPassword: process.env.YEARS_PASSWORD ?? "Zehn-Jahre-Familie-36",
  log: console.log,
});
console.table(written);
console.log(
  `seed:years: ${years} years (seed ${seed}, scale ${scale}) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
