import { loadEnv } from "../config/index.ts";
import { openDatabase } from "../db/index.ts";
import { countCatalogue, seedDemoCatalogue } from "./seed.ts";

// Seeds the demo catalogue into the configured database: `npm run db:seed -w @atelier/server`.
const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, limits: env });
try {
  await database.migrate();
  const result = await seedDemoCatalogue(database.db, {
    staffEmail: env.STAFF_EMAIL,
    staffPassword: env.STAFF_PASSWORD,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    holidays: true,
  });
  const where = database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite under ${env.DATA_DIR}`;
  console.log(
    result.created
      ? `Seeded the demo catalogue into ${where}.`
      : `Catalogue in ${where} already has data; nothing seeded.`,
  );
  console.table(await countCatalogue(database.db));
  if (result.created && result.staffPassword) {
    console.log(`Staff user: ${result.staffEmail}  password: ${result.staffPassword}`);
  } else {
    console.log(`Staff user: ${result.staffEmail} (existing password unchanged)`);
  }
  if (result.admin)
    console.log(
      `Admin user: ${result.admin.email}  password: ${result.admin.password ?? "(existing account made admin; password unchanged)"}`,
    );
} finally {
  await database.close();
}
