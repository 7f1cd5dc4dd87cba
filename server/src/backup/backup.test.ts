import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { desc, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../accounts/secrets.ts";
import { buildApp } from "../app.ts";
import { type Database, MIGRATIONS_DIR, openDatabase } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { folderStorage } from "../media/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { makePng } from "../test/images.ts";
import { createStaff } from "../test/shop-fixtures.ts";
import { testEnv } from "../test/test-app.ts";
import { migratedTemplate, usesPostgres } from "../test/test-database.ts";
import { createBackup, moveDatabase, RestoreRefused, restoreBackup } from "./index.ts";
import { readTar, readTarStream, type TarEntry, writeTar } from "./tar.ts";

/**
 * Issue 34's backup drill and move (D301, D302): a shop with parents, paid orders, invoices, a credit
 * note, an uploaded image and a mail file is backed up and restored into empty databases, embedded and
 * PostgreSQL, and serves the same orders, byte-equal invoice PDFs, the image, and the parent's sign-in.
 */

const PASSWORD = "Alte-Kennwort-7";
type Shop = Awaited<ReturnType<typeof populatedShop>>;
type Snapshot = Awaited<ReturnType<typeof snapshot>>;
const opened: Database[] = [];

async function populatedShop() {
  const t = await createCheckoutTestApp();
  const admin = await createStaff(t.db, "admin");
  const pay = async () => {
    const parent = await t.parentWithCourse();
    const fulfilled = await t.fulfil(parent.headers);
    expect(fulfilled.statusCode, fulfilled.body).toBe(200);
    t.standIn.approve(fulfilled.json().id);
    expect((await t.capture(parent.headers, fulfilled.json().id)).statusCode).toBe(200);
    return parent;
  };
  const parent = await pay();
  const other = await pay();
  const [user] = await t.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, parent.id))
    .returning({ email: users.email });
  const history = (await t.call("GET", "/api/v2/orders/items/history/", { headers: parent.headers })).json();
  const withdrawn = await t.call("POST", `/api/v2/orders/items/${history[0].id}/withdraw/`, {
    headers: parent.headers,
  });
  expect(withdrawn.json().withdrawal?.credit_note_number, withdrawn.body).toMatch(/^GS-/);
  const png = makePng(9, 7, 4);
  const image = await t.app.inject({
    method: "POST",
    url: "/api/v2/admin/images/?locale=de",
    headers: { ...admin.headers, "content-type": "image/png" },
    payload: png,
  });
  expect(image.statusCode, image.body).toBe(201);
  mkdirSync(join(t.env.DATA_DIR, "outbox"), { recursive: true });
  writeFileSync(join(t.env.DATA_DIR, "outbox", "1-verify-email.eml"), "Subject: Hallo\r\n\r\nText\r\n");
  return { t, admin, parent, other, email: user?.email ?? "", imageSrc: image.json().src as string, png };
}

/** What a parent and the office see: the orders, the invoices' and credit notes' PDF bytes, the image. */
async function snapshot(app: Shop["t"]["app"], shop: Shop) {
  const get = (url: string, headers: Record<string, string>) => app.inject({ method: "GET", url, headers });
  const history = await get("/api/v2/orders/items/history/?locale=de", shop.parent.headers);
  const orders = await get("/api/v2/admin/orders/?locale=de", shop.admin.headers);
  expect(history.statusCode).toBe(200);
  expect(orders.statusCode).toBe(200);
  const shown = await Promise.all(
    (orders.json() as { id: number }[]).map(async (order) =>
      (await get(`/api/v2/admin/orders/${order.id}/?locale=de`, shop.admin.headers)).json(),
    ),
  );
  // Each document as its parent downloads it (the office's download would add to the audit log).
  const pdfs: Record<string, string> = {};
  for (const order of shown)
    for (const { number } of order.documents as { number: string }[]) {
      const own = await get(`/api/v2/invoices/${number}/pdf/`, shop.parent.headers);
      const pdf =
        own.statusCode === 200 ? own : await get(`/api/v2/invoices/${number}/pdf/`, shop.other.headers);
      expect(pdf.statusCode).toBe(200);
      pdfs[number] = pdf.rawPayload.toString("base64");
    }
  const image = await app.inject({ method: "GET", url: shop.imageSrc });
  return { history: history.json(), orders: shown, pdfs, image: image.rawPayload.toString("base64") };
}

/** The restored shop: its own app on `database` and DATA_DIR, compared with the original. */
async function expectSameShop(database: Database, dataDir: string, shop: Shop, before: Snapshot) {
  const env = testEnv({ DATA_DIR: dataDir, PAYPAL_API_BASE: shop.t.env.PAYPAL_API_BASE });
  const app = await buildApp({ env: { ...shop.t.env, DATA_DIR: dataDir }, database });
  try {
    const after = await snapshot(app, shop);
    expect(Object.keys(after.pdfs).filter((n) => n.startsWith("GS-")).length).toBeGreaterThan(0);
    expect(Object.keys(after.pdfs).filter((n) => n.startsWith("RE-")).length).toBe(2);
    expect(after).toEqual(before);
    expect(Buffer.from(after.image, "base64").equals(shop.png)).toBe(true);
    expect(readdirSync(join(dataDir, "outbox"))).toEqual(["1-verify-email.eml"]);
    // The parent signs in with the password of before; the new key shows the same orders.
    const signIn = await app.inject({
      method: "POST",
      url: "/api/v2/users/sign_in/?locale=de",
      payload: { email: shop.email, password: PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const mine = await app.inject({
      method: "GET",
      url: "/api/v2/orders/items/history/?locale=de",
      headers: { authorization: `Token ${signIn.json().key}` },
    });
    expect(mine.json()).toEqual(before.history);
  } finally {
    await app.close();
  }
  expect(env.DATA_DIR).toBe(dataDir);
}

/** A new, empty PostgreSQL database of this run (scripts/with-postgres.mjs drops it afterwards). */
async function emptyPostgres(name: string): Promise<Database> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL ?? "";
  const database = `${process.env.TEST_PG_PREFIX ?? "atelier_test"}_${name}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database "${database}"`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const opened_ = await openDatabase({ databaseUrl: url.toString() });
  opened.push(opened_);
  return opened_;
}

/** An embedded database with the migrations applied and no row (the tests' copy of a migrated one). */
async function emptyPglite(): Promise<Database> {
  const database = await openDatabase({ inMemory: true, loadDataDir: await migratedTemplate() });
  opened.push(database);
  return database;
}

const newDataDir = () => mkdtempSync(join(tmpdir(), "atelier-restored-"));
const placesIn = (dataDir: string) => ({
  storage: folderStorage(join(dataDir, "media")),
  dataDir,
  migrationsDir: MIGRATIONS_DIR,
});

let shop: Shop;
let before: Snapshot;
/** The populated shop's backup file. */
let backup: string;

const backupOf = (data: Buffer) => {
  const path = join(newDataDir(), "backup.tar.gz");
  writeFileSync(path, data);
  return path;
};
const shopFiles = () => ({
  storage: folderStorage(join(shop.t.env.DATA_DIR, "media")),
  dataDir: shop.t.env.DATA_DIR,
});

beforeAll(async () => {
  shop = await populatedShop();
  before = await snapshot(shop.t.app, shop);
  backup = join(newDataDir(), "atelier.tar.gz");
  const made = await createBackup(shop.t.database, backup, shopFiles());
  expect(made.summary).toMatchObject({ images: 1, mails: 1 });
}, 120_000);
afterAll(async () => {
  for (const database of opened) await database.close().catch(() => {});
  await shop?.t.close();
});

describe(`backup drill (from ${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("restores into an empty embedded database: same orders, byte-equal invoice PDFs, the image, the old password", async () => {
    const target = await emptyPglite();
    const dataDir = newDataDir();
    const restored = await restoreBackup(backup, target, placesIn(dataDir));
    expect(restored.images).toBe(1);
    await expectSameShop(target, dataDir, shop, before);
  });

  it.runIf(usesPostgres())("restores into an empty PostgreSQL database the same way", async () => {
    const target = await emptyPostgres("restore");
    const dataDir = newDataDir();
    await restoreBackup(backup, target, placesIn(dataDir));
    await expectSameShop(target, dataDir, shop, before);
    // Sequences came along: the next parent gets a new id, not one of the restored ones.
    const [next] = await target.db
      .insert(users)
      .values({ email: "neu@example.org" })
      .returning({ id: users.id });
    const [last] = await shop.t.db.select({ id: users.id }).from(users).orderBy(desc(users.id)).limit(1);
    expect(next?.id).toBeGreaterThan(last?.id ?? 0);
  });

  it("refuses a database that holds rows, and a file whose checksum fails; neither writes anything", async () => {
    const target = await emptyPglite();
    await target.db.insert(users).values({ email: "schon-da@example.org" });
    const refusedDir = newDataDir();
    await expect(restoreBackup(backup, target, placesIn(refusedDir))).rejects.toThrow(
      /The database is not empty \(rows in users\)/,
    );
    expect((await target.db.select().from(users)).map((user) => user.email)).toEqual([
      "schon-da@example.org",
    ]);
    expect(readdirSync(refusedDir)).toEqual([]);

    const entries = readTar(gunzipSync(readFileSync(backup)));
    const table = entries.find((entry) => entry.name.startsWith("db/users."));
    if (!table) throw new Error("no users in the backup");
    table.data = Buffer.from(table.data.toString("utf8").replace("@example.org", "@example.com"));
    const tampered = backupOf(gzipSync(writeTar(entries)));
    // The checksums are checked before the database is looked at.
    const dataDir = newDataDir();
    const refusal = await restoreBackup(tampered, target, placesIn(dataDir)).catch((error: Error) => error);
    expect(refusal).toBeInstanceOf(RestoreRefused);
    expect(String(refusal)).toMatch(
      /damaged, nothing was restored:\n {2}db\/users\.0001\.jsonl does not match its checksum/,
    );
    expect(readdirSync(dataDir)).toEqual([]);
    await expect(
      restoreBackup(backupOf(Buffer.from("no backup")), target, placesIn(dataDir)),
    ).rejects.toThrow(/damaged or no backup/);
  });

  it("failing on the images leaves the database empty, so the same restore runs again (D553)", async () => {
    const target = await emptyPglite();
    const dataDir = newDataDir();
    const refusing = {
      ...placesIn(dataDir),
      storage: {
        ...folderStorage(join(dataDir, "media")),
        put: async () => {
          throw new Error("S3 PUT answered 403");
        },
      },
    };
    await expect(restoreBackup(backup, target, refusing)).rejects.toThrow(/403/);
    expect(await target.db.select().from(users)).toEqual([]);
    await restoreBackup(backup, target, placesIn(dataDir));
    await expectSameShop(target, dataDir, shop, before);
  });
});

describe.runIf(usesPostgres())("the move from the embedded database to PostgreSQL (D302)", () => {
  it("copies a populated PGlite shop into an empty PostgreSQL database that serves the same shop and sign-in", async () => {
    // The embedded shop: the populated shop's data in a PGlite database with its DATA_DIR (made by a
    // restore, which costs a fraction of booking and paying through the shop once more).
    const source = await emptyPglite();
    const dataDir = newDataDir();
    await restoreBackup(backup, source, placesIn(dataDir));
    const target = await emptyPostgres("move");
    const moved = await moveDatabase(source, target, MIGRATIONS_DIR);
    expect(moved.rows).toBeGreaterThan(50);
    // The images and mails stay under the same DATA_DIR, which the shop on PostgreSQL reads.
    await expectSameShop(target, dataDir, shop, before);
    expect(readFileSync(join(dataDir, "outbox", "1-verify-email.eml"), "utf8")).toMatch(/Hallo/);
  });
});

describe("the backup file", () => {
  it("is readable by the shop's user only: it holds password hashes and the families' data (D528)", async () => {
    const path = join(newDataDir(), "nightly", "atelier.tar.gz");
    const made = await createBackup(shop.t.database, path, shopFiles());
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(path).size).toBe(made.bytes);
    expect(readFileSync(`${path}.sha256`, "utf8")).toBe(`${made.digest}  atelier.tar.gz\n`);
  });

  it("leaves no half-written file when it cannot be written (a full disk, D553)", async () => {
    const dir = newDataDir();
    // The target is a folder: the rename fails after the partial file was written, as a full disk fails.
    const path = join(dir, "atelier.tar.gz");
    mkdirSync(join(path, "inside"), { recursive: true });
    await expect(createBackup(shop.t.database, path, shopFiles())).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(["atelier.tar.gz"]);
  });

  it("reads a table a few rows at a time and cuts it into pieces, and restores them (D561)", async () => {
    const path = join(newDataDir(), "pieces.tar.gz");
    // Seven rows a fetch: every table of more rows than that is read by several fetches of its cursor.
    await createBackup(shop.t.database, path, { ...shopFiles(), pieceChars: 600, fetchRows: 7 });
    const entries = readTar(gunzipSync(readFileSync(path)));
    const users = entries.filter((entry) => entry.name.startsWith("db/users."));
    expect(users.length).toBeGreaterThan(1);
    for (const piece of users) expect(piece.data.toString("utf8")).toMatch(/^(\{.*\}\n)+$/);
    // The manifest comes last: it lists every piece's checksum, known once the piece was written.
    expect(entries.at(-1)?.name).toBe("manifest.json");
    const target = await emptyPglite();
    const dataDir = newDataDir();
    await restoreBackup(path, target, placesIn(dataDir));
    await expectSameShop(target, dataDir, shop, before);
  });

  it("opens with a manifest naming its format version, so an older shop says which version it needs (D561)", () => {
    const [first] = readTar(gunzipSync(readFileSync(backup)));
    expect(first?.name).toBe("manifest.json");
    expect(JSON.parse(first?.data.toString("utf8") ?? "{}")).toMatchObject({
      format: "atelier-shop-backup",
      version: 2,
    });
  });

  it("refuses a file whose last entry, the whole manifest, is missing", async () => {
    const entries = readTar(gunzipSync(readFileSync(backup)));
    const cut = backupOf(gzipSync(writeTar(entries.slice(0, -1))));
    const target = await emptyPglite();
    const dataDir = newDataDir();
    await expect(restoreBackup(cut, target, placesIn(dataDir))).rejects.toThrow(
      /cut off or damaged: its manifest is missing/,
    );
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("refuses a file with an entry twice, and one whose pieces do not hold the rows its manifest counts; nothing is loaded", async () => {
    const entries = readTar(gunzipSync(readFileSync(backup)));
    const piece = entries.find((entry) => entry.name.startsWith("db/users."));
    if (!piece) throw new Error("no users in the backup");
    const doubled = backupOf(gzipSync(writeTar([...entries.slice(0, -1), piece, ...entries.slice(-1)])));
    const target = await emptyPglite();
    await expect(restoreBackup(doubled, target, placesIn(newDataDir()))).rejects.toThrow(
      /damaged, nothing was restored:\n {2}db\/users\.0001\.jsonl is in the file twice/,
    );
    // The manifest's counts are not among its checksums: a file whose counts and pieces disagree is refused
    // in the load's transaction.
    const manifest = JSON.parse(entries.at(-1)?.data.toString("utf8") ?? "{}");
    for (const table of manifest.tables) if (table.name === "users") table.rows += 1;
    const miscounted = backupOf(
      gzipSync(
        writeTar([
          ...entries.slice(0, -1),
          { name: "manifest.json", data: Buffer.from(JSON.stringify(manifest)) },
        ]),
      ),
    );
    await expect(restoreBackup(miscounted, target, placesIn(newDataDir()))).rejects.toThrow(
      /changed while it was restored \(users\); nothing was loaded/,
    );
    expect(await target.db.select().from(users)).toEqual([]);
  });

  it("restores a backup of the first format: the manifest first, one file per table (D301)", async () => {
    // A nightly backup made before D561, built from today's: the same rows and files, laid out as then.
    const entries = readTar(gunzipSync(readFileSync(backup)));
    const manifest = JSON.parse(entries.at(-1)?.data.toString("utf8") ?? "{}");
    const byName = new Map(entries.map((entry) => [entry.name, entry.data]));
    const sum = (data: Buffer) => ({
      bytes: data.length,
      sha256: createHash("sha256").update(data).digest("hex"),
    });
    const old: TarEntry[] = [];
    const tables = manifest.tables.map((table: { name: string; files: string[] }, index: number) => {
      const file = `db/${String(index).padStart(3, "0")}-${table.name}.jsonl`;
      old.push({
        name: file,
        data: Buffer.concat(table.files.map((name) => byName.get(name) ?? Buffer.alloc(0))),
      });
      const { files: _files, ...rest } = table;
      return { ...rest, file };
    });
    for (const entry of entries)
      if (!entry.name.startsWith("db/") && entry.name !== "manifest.json") old.push(entry);
    old.push(...entries.filter((entry) => entry.name === manifest.sequences));
    const listed = Object.fromEntries(old.map((entry) => [entry.name, sum(entry.data)]));
    const head = { ...manifest, version: 1, tables, entries: listed };
    const path = backupOf(
      gzipSync(writeTar([{ name: "manifest.json", data: Buffer.from(JSON.stringify(head)) }, ...old])),
    );
    const target = await emptyPglite();
    const dataDir = newDataDir();
    await restoreBackup(path, target, placesIn(dataDir));
    await expectSameShop(target, dataDir, shop, before);
  });
});

describe("the archive read as a stream", () => {
  it("gives the same entries as the whole archive, however the bytes arrive", async () => {
    const entries: TarEntry[] = [
      { name: "a.txt", data: Buffer.from("eins") },
      { name: "leer.txt", data: Buffer.alloc(0) },
      { name: "b.bin", data: Buffer.alloc(1300, 7) },
    ];
    const archive = writeTar(entries);
    for (const size of [1, 100, 511, 512, 4096, archive.length]) {
      async function* pieces() {
        for (let i = 0; i < archive.length; i += size) yield archive.subarray(i, i + size);
      }
      const read: TarEntry[] = [];
      for await (const entry of readTarStream(pieces())) read.push(entry);
      expect(read).toEqual(entries);
    }
    async function* cut() {
      yield archive.subarray(0, 700);
    }
    await expect(async () => {
      for await (const _ of readTarStream(cut()));
    }).rejects.toThrow(/a\.txt is cut off/);
  });
});
