#!/usr/bin/env node
// Runs a command against the local PostgreSQL server: makes sure the server runs (starting an installed
// but stopped cluster), hands the command an admin URL and a per-run database prefix, and drops every
// database of this run afterwards. Usage: node scripts/with-postgres.mjs <command> [args...]
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import pg from "pg";

const adminUrl = process.env.TEST_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const prefix = `atelier_t${process.pid}_${Date.now().toString(36)}`;

async function reachable() {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function startInstalledCluster() {
  if (!existsSync("/etc/postgresql")) {
    console.log("PostgreSQL is not installed: installing it with apt-get");
    execFileSync("apt-get", ["update"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "postgresql"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  }
  for (const version of readdirSync("/etc/postgresql")) {
    console.log(`starting PostgreSQL ${version}/main`);
    spawnSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "start"], { stdio: "inherit" });
  }
}

async function dropRunDatabases() {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query("select datname from pg_database where datname like $1", [
      `${prefix}%`,
    ]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await client.end();
  }
}

if (!(await reachable())) {
  startInstalledCluster();
  for (let i = 0; i < 30 && !(await reachable()); i++) await new Promise((r) => setTimeout(r, 1000));
  if (!(await reachable())) {
    console.error(
      `PostgreSQL is not reachable at ${adminUrl}; set TEST_PG_ADMIN_URL to a server with trust auth.`,
    );
    process.exit(1);
  }
}

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: with-postgres.mjs <command> [args...]");
  process.exit(2);
}
console.log(`PostgreSQL tests: ${adminUrl}, databases ${prefix}_*`);
const result = spawnSync(command, args, {
  stdio: "inherit",
  env: { ...process.env, TEST_PG_ADMIN_URL: adminUrl, TEST_PG_PREFIX: prefix },
});
await dropRunDatabases();
process.exit(result.status ?? 1);
