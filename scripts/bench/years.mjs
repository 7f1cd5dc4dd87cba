// Issue 36, "every screen on ten years of data": the staff screens' API calls, a parent's history and
// current order, and the catalogue, each on the demo data and on a generated decade (`npm run seed:years`),
// one staff member at a time and ten at once. Used by `BENCH_ONLY=years npm run bench` (scripts/bench/run.mjs).
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import autocannon from "autocannon";
import pg from "pg";
import { tsImport } from "tsx/esm/api";

/** The issue's targets: staff calls p99 ≤ 100 ms (alone and ten at once), CSV ≤ 2 s, ZIP ≤ 30 s, parent ≤ 50 ms. */
export const YEARS_TARGET = { staffP99: 100, csvMs: 2000, zipMs: 30_000, parentP99: 50 };
/**
 * Answers one after another per call: at least 100, or the p99 would be the slowest answer, which one moment
 * the machine stalls decides (D446); the slowest is shown beside it.
 */
const SINGLE_RUNS = Number(process.env.BENCH_YEARS_RUNS ?? 200);
const STAFF_AT_ONCE = 10;
const AT_ONCE_S = Number(process.env.BENCH_YEARS_AT_ONCE_S ?? 4);
const FILE_RUNS = 3;
/**
 * BENCH_YEARS_SLOW_MS: print each answer of the one-after-another runs slower than this, with its time and
 * place in the run, to tell a slow call from a moment the whole machine stalled (other calls slow with it).
 */
const SLOW_TRACE_MS = process.env.BENCH_YEARS_SLOW_MS ? Number(process.env.BENCH_YEARS_SLOW_MS) : null;
/** Each call is served this long at ten at once before it is measured (not counted). */
const WARM_UP_S = 1;

const sha256 = (value) => createHash("sha256").update(value).digest("hex");
const q = (value) => encodeURIComponent(JSON.stringify(value));
const list = (path, filter, sort = ["id", "DESC"]) =>
  `${path}?locale=de&range=${q([0, 24])}&sort=${q(sort)}${filter ? `&filter=${q(filter)}` : ""}`;

/** Runs the generator into a new database (about three minutes at full scale); answers its URL. */
export function generateYearsDatabase(databaseUrl, root, env) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "server/src/seed/years/years-cli.ts", "--years", "10", "--seed", "36"],
      { cwd: root, env: { ...process.env, ...env, DATABASE_URL: databaseUrl }, stdio: "inherit" },
    );
    child.once("exit", (code) =>
      code === 0 ? resolveRun(databaseUrl) : reject(new Error(`seed:years exited ${code}`)),
    );
  });
}

/** A staff token and a parent's token (the parent with the most orders), straight into auth_tokens. */
async function signIn(base, databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const token = async (userId) => {
      const key = randomBytes(32).toString("base64url");
      await client.query("insert into auth_tokens (user_id, key_hash) values ($1, $2)", [
        userId,
        sha256(key),
      ]);
      return { authorization: `Token ${key}` };
    };
    const staff = await client.query(
      "select id from users where role in ('staff', 'admin') order by role = 'admin' desc, id limit 1",
    );
    let parent = await client.query(
      `select u.id, count(o.id) as n from users u join orders o on o.user_id = u.id
       where u.role = 'customer' group by u.id order by n desc, u.id limit 1`,
    );
    if (!parent.rows[0]) {
      parent = await client.query(
        "insert into users (email, first_name, last_name) values ('bench-years-parent@example.org', 'Bench', 'Eltern') returning id",
      );
    }
    // The weekly slot with the most running bookings and the next day it meets (today included, on Berlin's
    // calendar): the day's lessons and the roster are measured on a day with lessons whatever the weekday of
    // the run. A run on a Sunday measured an empty day, and had no roster to read.
    const slot = await client.query(
      `select s.id, s.weekday from schedule_slots s
       left join order_item_slots l on l.schedule_slot_id = s.id
       left join order_items oi on oi.id = l.order_item_id and oi.status = 'active'
       left join orders o on o.id = oi.order_id and o.status = 'paid'
       where s.weekday is not null
       group by s.id order by count(o.id) desc, s.id limit 1`,
    );
    // Berlin's calendar and the shop's weekdays (Monday 0), from contract/.
    const { addDays, weekdayOf } = await tsImport(
      "../../contract/src/rules/billing-period.ts",
      import.meta.url,
    );
    const { todayInBerlin } = await tsImport("../../contract/src/rules/dates.ts", import.meta.url);
    const today = todayInBerlin();
    const busiest = slot.rows[0];
    const day = busiest ? addDays(today, (busiest.weekday - weekdayOf(today) + 7) % 7) : today;
    const month = await client.query("select to_char(now() - interval '1 month', 'YYYY-MM') as m");
    return {
      staff: await token(staff.rows[0].id),
      parent: await token(parent.rows[0].id),
      parentId: parent.rows[0].id,
      booking: await academyBooking(base, client, parent.rows[0].id),
      slot: slot.rows[0]?.id ?? null,
      day,
      month: month.rows[0]?.m ?? new Date().toISOString().slice(0, 7),
      counts: (
        await client.query(
          `select (select count(*) from orders) as orders, (select count(*) from order_items) as items,
             (select count(*) from checkins) as checkins, (select count(*) from mail_outbox) as mails,
             (select count(*) from audit_log) as audit, (select count(*) from users) as users`,
        )
      ).rows[0],
    };
  } finally {
    await client.end();
  }
}

/**
 * What the parent adds in the add's row: the coming academy week with the most bookings that the shop's own
 * product page shows with space left (its `space`, the shop's count of seats: counting paid orders here
 * once chose a week the shop called full, and the add answered `no_seats_left`), its page's first option,
 * and a child of the parent made for the bench (once per decade), a year and a half older than the age
 * group's youngest on the week's first day. Null when no academy week is to come or none has space.
 */
async function academyBooking(base, client, parentId) {
  // The busiest coming weeks first (links that may hold a seat, D438); whether one has space is the shop's.
  const weeks = await client.query(
    `select aw.id, aw.product_page_id as page, aw.starts_on::text as starts_on, p.age_group::text as age_group,
       (select min(po.id) from purchase_options po where po.product_page_id = p.id) as option
     from academy_weeks aw join product_pages p on p.id = aw.product_page_id and p.is_published
     where aw.ends_on >= current_date
     order by (select count(*) from order_item_academy_weeks l
       where l.academy_week_id = aw.id and l.may_hold_seat) desc, aw.id
     limit 50`,
  );
  const space = new Map(); // "page week" → the seats left the shop's page shows
  const pagesRead = new Set();
  let found;
  for (const week of weeks.rows) {
    if (!week.option) continue;
    if (!pagesRead.has(week.page)) {
      pagesRead.add(week.page);
      const page = await (await fetch(`${base}/api/v2/products/${week.page}/?locale=de`)).json();
      for (const shown of page.academy_schedule_slots ?? [])
        space.set(`${week.page} ${shown.id}`, shown.space);
    }
    if ((space.get(`${week.page} ${week.id}`) ?? 0) > 0) {
      found = week;
      break;
    }
  }
  if (!found) return null;
  const youngest = Number(/^(\d+)/.exec(found.age_group)?.[1] ?? 8);
  // The child of an earlier run when there is one, so runs on the same decade do not add a child each.
  const born = `$2::date - interval '${youngest + 1} years 6 months'`;
  const known = await client.query(
    `select id from visitors where user_id = $1 and first_name = 'Bench' and last_name = 'Kind'
       and birth_date = ${born} and deleted_at is null order by id limit 1`,
    [parentId, found.starts_on],
  );
  const child = known.rows[0]
    ? known
    : await client.query(
        `insert into visitors (user_id, first_name, last_name, birth_date) values ($1, 'Bench', 'Kind', ${born}) returning id`,
        [parentId, found.starts_on],
      );
  return {
    product_page: found.page,
    purchase_option: found.option,
    visitor: child.rows[0].id,
    academy_weeks: [found.id],
  };
}

/**
 * A parent adds an academy week to the cart and takes it out again, SINGLE_RUNS times one after another: the
 * add's p50 and p99 (its check counts the week's seats, D425). Alone only: one family's adds go one at a time
 * through its cart's lock, and many families at once are enrolment day's rows.
 */
async function measureAdd(base, ctx) {
  const headers = { ...ctx.parent, "content-type": "application/json" };
  const add = async () => {
    const started = performance.now();
    const res = await fetch(`${base}/api/v2/orders/items/?locale=de`, {
      method: "POST",
      headers,
      body: JSON.stringify(ctx.booking),
    });
    const body = await res.text();
    const took = performance.now() - started;
    if (res.status === 201) {
      const removed = await fetch(`${base}/api/v2/orders/items/${JSON.parse(body).id}/?locale=de`, {
        method: "DELETE",
        headers: ctx.parent,
      });
      if (!removed.ok) throw new Error(`removing the added week answered ${removed.status}`);
    }
    return { ms: took, status: res.status, bytes: body.length, body };
  };
  const first = await add();
  // A refused add is measured all the same and its status shown, as a failing call is.
  if (first.status !== 201)
    console.error(`[bench] the academy week's add answered ${first.status}: ${first.body}`);
  const times = [];
  for (let i = 0; i < SINGLE_RUNS; i++) times.push((await add()).ms);
  return {
    who: "parent",
    name: "Parent: add an academy week to the cart",
    path: "/api/v2/orders/items/",
    expect: 201,
    single: { ...spread(times), bytes: first.bytes, status: first.status },
    many: null,
  };
}

/** The calls, by who makes them. */
function calls(ctx) {
  const staff = [
    ["Orders, newest first", list("/api/v2/admin/orders/", null, ["created_at", "DESC"])],
    [
      "Orders, searched (a family name)",
      list("/api/v2/admin/orders/", { q: "Schmidt" }, ["created_at", "DESC"]),
    ],
    [
      "Orders, filtered (refunded)",
      list("/api/v2/admin/orders/", { status: ["refunded"] }, ["created_at", "DESC"]),
    ],
    [
      // What the payment-state filter computes per order (D129, D494): the gateway's sums, a card's part and
      // its returns, and the failed refunds; partly refunded orders are few, so a page reads far back.
      "Orders, filtered by payment (partly refunded)",
      list("/api/v2/admin/orders/", { payment_state: "partly_refunded" }, ["created_at", "DESC"]),
    ],
    [
      "Orders, page 40",
      list("/api/v2/admin/orders/", null, ["created_at", "DESC"]).replace(q([0, 24]), q([1000, 1024])),
    ],
    ["People", list("/api/v2/admin/people/")],
    ["People, searched", list("/api/v2/admin/people/", { q: "ivanova" })],
    ["Requests, new", list("/api/v2/admin/visit-requests/", { status: ["new"] })],
    ["Requests, all", list("/api/v2/admin/visit-requests/")],
    ["Waiting lists", list("/api/v2/admin/waiting-list/", null, ["id", "ASC"])],
    ["Dashboard", "/api/v2/admin/dashboard/?locale=de"],
    [
      "A day's lessons (the busiest slot's next day)",
      `/api/v2/admin/attendance/lessons/?locale=de&date=${ctx.day}`,
    ],
    ...(ctx.slot
      ? [
          [
            "That day's roster (the busiest slot)",
            `/api/v2/admin/attendance/?locale=de&slot=${ctx.slot}&date=${ctx.day}`,
          ],
        ]
      : []),
    ["Audit log", list("/api/v2/admin/audit/")],
  ];
  const parent = [
    ["Parent: history", "/api/v2/orders/items/history/?locale=de"],
    ["Parent: current order", "/api/v2/orders/current/?locale=de"],
  ];
  return { staff, parent };
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** p50, p99 and the slowest of `times` (ms). */
function spread(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) };
}

async function timed(url, headers) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  return { ms: performance.now() - started, status: res.status, bytes: body.length, body };
}

/** One keep-alive connection for the one-after-another answers, as the browser of one person holds. */
const oneConnection = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * An answer timed to its last byte as the shop sent it, compressed as `fetch` asks for it (gzip, deflate),
 * its bytes counted and let go (D447). Decoding and keeping each answer made this process, which also runs
 * autocannon, collect its old generation every twenty answers or so of the parent's 166 KB history, and the
 * slow answers had their headers in a few ms: the rest of their time was the client's, not the shop's.
 */
function timedOnTheWire(url, headers) {
  return new Promise((resolveAnswer, reject) => {
    const started = performance.now();
    const request = http.get(
      url,
      { agent: oneConnection, headers: { ...headers, "accept-encoding": "gzip, deflate" } },
      (res) => {
        res.on("data", () => {});
        res.on("end", () => resolveAnswer({ ms: performance.now() - started, status: res.statusCode }));
        res.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

/**
 * A database session that commits another family's write, as the other families of a busy day do: each
 * write touches a child of another family (its `updated_at`, nothing shown changes). It moves the database
 * snapshot, by which the dashboard (D405) and, while the catalogue's feed is down, the parent's history
 * (D421) are made anew, and it is no row of the measured family's history (D442). A seat taken or let go
 * anywhere no longer makes the history anew either (D444).
 */
async function writer(databaseUrl, parentId) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("set synchronous_commit = off");
  const other = await client.query("select id from visitors where user_id <> $1 order by id limit 1", [
    parentId,
  ]);
  const child = other.rows[0]?.id;
  // The demo has no other family: an update of no row would commit nothing and move no snapshot, so there
  // the write takes a transaction id (`txid_current()`), which moves the snapshot as a real write does.
  const write =
    child === undefined
      ? () => client.query("select txid_current()")
      : () => client.query("update visitors set updated_at = now() where id = $1", [child]);
  return { write, close: () => client.end() };
}

/** While a call is measured ten at once with writes: one commit every this many ms (50 a second). */
const WRITE_EVERY_MS = 20;

/** One user after another: SINGLE_RUNS requests, p50, p99 and the slowest of their times; `before` runs ahead of each. */
async function single(url, headers, before = async () => {}) {
  const first = await timed(url, headers);
  // A call that fails is measured all the same and its status shown: the report says it failed.
  if (first.status !== 200) console.error(`[bench] GET ${url} answered ${first.status}`);
  const times = [];
  for (let i = 0; i < SINGLE_RUNS; i++) {
    await before();
    const { ms, status } = await timedOnTheWire(url, headers);
    if (status !== first.status) console.error(`[bench] GET ${url} answered ${status}`);
    if (SLOW_TRACE_MS !== null && ms > SLOW_TRACE_MS)
      console.error(
        `[bench] slow: ${new Date().toISOString()} #${i} of ${SINGLE_RUNS} ${ms.toFixed(1)} ms ${url}`,
      );
    times.push(ms);
  }
  return { ...spread(times), bytes: first.bytes, status: first.status };
}

function atOnce(url, headers, seconds = AT_ONCE_S) {
  return new Promise((resolveRun, reject) => {
    autocannon({ url, headers, connections: STAFF_AT_ONCE, duration: seconds }, (err, r) =>
      err
        ? reject(err)
        : resolveRun({
            rps: Math.round(r.requests.average),
            p50: r.latency.p50,
            p99: r.latency.p99,
            non2xx: r.non2xx,
          }),
    );
  });
}

/** Every call on one shop: alone, then ten at once; the month's CSV and ZIP three times each. */
export async function measureScreens(base, databaseUrl, log) {
  const ctx = await signIn(base, databaseUrl);
  const { staff, parent } = calls(ctx);
  const rows = [];
  const measure = async (who, name, path, headers, withWrites = false) => {
    log(`${name}`);
    // Not counted: a running shop's pool holds open connections with the call's plans (D412); the first
    // burst after a start opens them, which is the start's cost, not the call's.
    await atOnce(`${base}${path}`, headers, WARM_UP_S);
    if (!withWrites) {
      const one = await single(`${base}${path}`, headers);
      const many = await atOnce(`${base}${path}`, headers);
      rows.push({ who, name, path, single: one, many });
      return;
    }
    // Alone: a write before every request; ten at once: a write every WRITE_EVERY_MS.
    const session = await writer(databaseUrl, ctx.parentId);
    try {
      const one = await single(`${base}${path}`, headers, session.write);
      let writing = true;
      const writes = (async () => {
        while (writing) {
          await session.write();
          await new Promise((done) => setTimeout(done, WRITE_EVERY_MS));
        }
      })();
      const many = await atOnce(`${base}${path}`, headers).finally(() => {
        writing = false;
      });
      await writes;
      rows.push({ who, name, path, single: one, many });
    } finally {
      await session.close();
    }
  };
  for (const [name, path] of staff) await measure("staff", name, path, ctx.staff);
  for (const [name, path] of parent) await measure("parent", name, path, ctx.parent);
  // D421, D442: the history is made once per version of what it shows; this row is its cost when others write.
  const history = parent.find(([name]) => name === "Parent: history");
  if (history) {
    await measure("parent", `${history[0]}, others writing meanwhile`, history[1], ctx.parent, true);
  }
  if (ctx.booking) {
    log("Parent: add an academy week to the cart");
    rows.push(await measureAdd(base, ctx));
  }
  await measure("catalogue", "Catalogue: product list", "/api/v2/products/?locale=de", {});
  const files = [];
  for (const file of ["documents.csv", "documents.zip"]) {
    const url = `${base}/api/v2/admin/accounting/${ctx.month}/${file}?locale=de`;
    log(`accounting ${ctx.month} ${file}`);
    const times = [];
    let bytes = 0;
    let failed = null;
    for (let i = 0; i < FILE_RUNS && !failed; i++) {
      const started = performance.now();
      // A file the server gives up on (it closes a request after a minute) is reported with its time.
      const r = await timed(url, ctx.staff).catch((error) => ({
        status: 0,
        ms: performance.now() - started,
        bytes: 0,
        error,
      }));
      if (r.status !== 200)
        failed = `${r.status ? `HTTP ${r.status}` : "connection closed"} after ${Math.round(r.ms / 1000)} s`;
      times.push(r.ms);
      bytes = r.bytes;
    }
    times.sort((a, b) => a - b);
    files.push({
      file,
      month: ctx.month,
      median: times[Math.floor(times.length / 2)],
      max: times.at(-1),
      bytes,
      failed,
    });
  }
  return { rows, files, counts: ctx.counts };
}

const ms = (v) => (v >= 100 ? `${Math.round(v)} ms` : `${v.toFixed(1)} ms`);

function verdict(row, years) {
  if (row.who === "catalogue") return "–";
  const limit = row.who === "parent" ? YEARS_TARGET.parentP99 : YEARS_TARGET.staffP99;
  // A call refused is no target met, however fast its refusal.
  if (years.single.status !== (row.expect ?? 200) || (years.many?.non2xx ?? 0) > 0) return "not met";
  return years.single.p99 <= limit && (!years.many || years.many.p99 <= limit) ? "met" : "not met";
}

/**
 * What the first run on the decade showed and what was changed (D400, D401, D397, D398): single requests by hand with
 * curl on the same machine (load average about 8) before the changes, kept in the section.
 */
const WHAT_CHANGED = [
  "### What was slow, and what changed",
  "",
  "Found with `log_min_duration_statement` and `auto_explain` (`log_analyze`) on the decade, one request at a time, before the changes (load average about 8): the dashboard 2.4–6.7 s (its offers-filling-up query counted each coming slot's seats over ten years of bookings, three times per slot: in the select, the filter and the order; 197 slots × ≈ 1.4 ms, and a weekly slot holds ≈ 2,000 bookings); the order list 190–225 ms (every order sorted for a page of 25, and an exact `count(*)`); the order search 590–670 ms (each order's parent and children tested with `ilike`); the audit log 220–270 ms (100,000 entries sorted, and counted); the day's and month's sales 70–170 ms (`to_char(captured_at)` per payment). At ten staff at once the dashboard's queries held the pool until other calls got 503 (the first run of this bench stopped at today's lessons).",
  "",
  "Changed (one migration, `0041_years_of_data`): indexes `orders (created_at, id)`, `audit_log (at, id)`, `payments (captured_at)`, `order_item_slots (schedule_slot_id, order_item_id)` and a partial `order_items (id, order_id) where status = 'active'`; the dashboard counts seats for all coming slots in one grouped subquery and bounds sales by `captured_at` (D401); the order search finds the parents and children first, and the order list computes its columns for the page's ids only, not for the rows an offset skips (D401); the totals of the whole order list and audit log are PostgreSQL's estimate above 10,000 rows, filtered lists count exactly (D400). After them, one request at a time under the same load: dashboard 160–350 ms, order list 21 ms, search 120–160 ms, audit log 11–25 ms.",
  "",
  "Then (D397, D398, no migration): the month's ZIP writes each PDF to the client as soon as it is drawn (`ZipWriter`, the same bytes as before), so the download starts at once and holds one PDF in memory, and the invoice PDF shares one parsed font per process (pdf-lib parsed DejaVu again for every document: 32 s of CPU for the 791 PDFs of 2026-10, now 17.6 s, each PDF byte for byte as before); the parent's history is a prepared statement (it planned for 8–34 ms and ran for 15–20 ms; with the order statuses and invoice kind in its text its generic plan keeps starting from the family's orders and the invoice's partial index, as parameters it read all invoices, 700–950 ms), and its withdrawals and refunds are read side by side. Measured on 2026-11-29 at 08:11 UTC with the load average at 11–12 (the run before: 6–10), so the rows this change did not touch moved with the load: the history went from 126 / 544 ms alone and 1493 ms at ten to 80 / 325 ms and 1132 ms, still over its 50 ms; the ZIP now arrives whole (20 MiB, 66 s, was cut after 60 s), still over its 30 s.",
  "",
  "Then (D405, migration `0043_screens_on_years`): a baseline on a copy of the decade (2026-11-29 10:36 UTC, load average 7–9) had the dashboard at 417 / 1942 ms alone and 2504 ms p99 with ten at once (5 requests/s), the order search by a family name at 130 / 431 ms and 1181 ms, the parent's history at 62 / 222 ms and 791 ms. Found with `log_min_duration_statement`, `auto_explain` and a CPU profile of the shop: the dashboard's offers-filling-up query probes the coming slots' 45,000 booking links for their 5,400 active items (170–420 ms under load), tomorrow's lessons read a day's bookings (100–200 ms), and the day's lessons worked out each booking's lesson once per slot of the day; the search's `ilike` over the people takes 1–4 ms, its time is in the 5,600 orders \"Schmidt\" matches (15,000 items of the children read from the table) and their exact count, read after the page. Changed: the dashboard's answer is reused per language while the database snapshot, the day and the next end of a held seat say nothing changed (at most 10 s), and a request that arrives while one is being computed gets that one's answer; each booking's lesson slot is found once; a child's orders come from the index `order_items (visitor_id, order_id)`; the order list's page and total are read side by side. No trigram index: the people are not where the search's time goes.",
  "",
  "Then (D410, no migration): a CPU profile of drawing the month's 791 PDFs still spent about half of each in fontkit's shaping (`layout`, for every width `wrapText` measures and every text drawn) of the same labels, notes, courses and addresses; each parsed font now keeps a text's shaping (glyph ids, characters only where a glyph is not its own character) and answers it with the asking document's own glyphs. The month's PDFs are byte for byte the same (one hash over all 791); CPU per PDF 36 → 20 ms side by side at load 6–8; the whole ZIP 12.4 s on a quiet machine (66 s at load 11 before).",
  "",
  "Still growing with history: a weekly slot's bookings (an ended subscription keeps its slot link), read by today's lessons, the roster and the dashboard's seat counts, so a dashboard computed anew still takes 0.4–0.9 s under this load; the snapshot is the whole PostgreSQL server's, so any commit on it starts a new computation (on this machine the other helpers' databases are written to: in a run at 11:16 UTC one staff member alone got mostly fresh computations, 356 / 762 ms, and ten at once 794 ms p99); the parent's history grows with the family's own orders only. The ZIP still draws every PDF in the request; since D410 about 20 ms of CPU each under load (36 ms before), 12–18 s for the month on a quiet machine, longer when the machine is shared.",
  "",
  "Then (D407, no migration): on a copy of the decade, side by side (the build before and after, two shops on the same database, the same minute; each call 60 requests alone, then 10 connections for 4 s). Found with `log_min_duration_statement`, `EXPLAIN (ANALYZE, BUFFERS)`, `pg_prepared_statements`, pgbench and a CPU profile of the shop: the history's statement ran nine correlated subqueries for each of its 188 items (the nine were 11–28 ms of it; the joins alone 2–5 ms); the current order's statement ran in 1 ms, but with the cart's status as a parameter PostgreSQL never kept a generic plan (0 generic, 9 custom in `pg_prepared_statements`) and planned every read anew (1.4 ms quiet, 20–65 ms `bind` in the log under load; the generic estimate grows with the family's orders); the search's exact count tested all 5,591 orders \"Schmidt\" matches (313 ms, against 31 ms for the first 1,001 in the same minute). Changed: the history reads slots, weeks, the capturing gateway and what is shown of a page once per statement, joined by id (pgbench side by side at load 9: 28 → 16 ms; the 166 KB answer byte for byte the same); the user's cart is read with `status = 'cart'` in the text, so the kept plan uses the partial unique index (planning 0.01 ms); a search counts up to 1,000 orders and answers `*` past it, which the admin shows as \"1-25 von mehr als 25\". Two runs, before → after, at load average 10.5–12.9 and 7.5–9.1: current order alone p50 26.1 → 9.2 and 17.7 → 7.4 ms, at ten p99 652 → 156 and 187 → 81 ms (109 → 298 and 182 → 418 requests/s); the search \"Schmidt\" alone p99 295 → 273 and 612 → 186 ms, at ten p99 1537 → 804 and 1148 → 838 ms (18 → 38 and 24 → 27 requests/s); the history no clearer than the noise (at ten p99 1229 → 1847 and 1721 → 1243 ms, 12 → 10 and 16 → 15 requests/s): its time is in Node.js, not in PostgreSQL. The orders' first page and the waiting lists, not changed, moved with the load as before (at ten p99 678 → 711 and 533 → 641 ms; 1004 → 890 and 822 → 891 ms). The whole section's bench at 14:52 UTC, load average 9.5–10.5, had every staff row over 100 ms p99 at ten, the rows this change did not touch as well (the table above is the quiet machine's, 11:47 UTC); it needs a run on a quiet machine.",
  "",
  "Then (D412, D413, no migration; 2026-11-29, quiet machine, load average 1–3): the \"not changed\" rows of the run before were not what they seemed. Their statements do run in about 1 ms, but PostgreSQL planned them on every request: the waiting list's page 5.4 ms of planning for 1.3 ms of work (16.5 ms of PostgreSQL's CPU per request with ten at once), the order list's row columns (a dozen subqueries) about 4 of a filtered page's 5.4 ms; and the status filter compared `status::text`, so the count of the refunded orders read 40,000 index entries (5.5 ms) instead of 1,001 (0.6 ms). The ten-at-once runs also measured new connections: node-postgres closed a connection after 10 s unused, and a new one costs PostgreSQL a process, its catalogue caches and every plan again; the order list after 15 s quiet had p99 104 ms (max 344 ms) with ten at once, on open connections 52 ms (max 63 ms). Changed: connections stay open for `DB_POOL_IDLE_MS` (5 minutes in production), and this bench serves each call 1 s at ten before measuring it; the order list's and the waiting lists' rows are read by id with one prepared statement after the page's ids (its total beside them), the status filter compares the enum, a searched list of people whose page is not full takes its total from the page, and a parent's history reads its items' withdrawals and refunds with one array parameter. Ten at once on the decade, before and after (the same quiet minutes): waiting lists 99 → 471 requests/s (p99 171 → 44 ms), orders filtered 188 → 304 (p99 89 → 62 ms). Left: the order search by a family name (\"Schmidt\" matches 168 parents and 330 children of the generated decade, one family in nine; their 15,000 items are hashed for the page and again for its count: about 15 ms of PostgreSQL's CPU per request) and the parent's history (about 12 ms of the shop's CPU per request: 188 rows of about 60 columns mapped, the 166 KB answer checked and written, and the garbage they leave). Also seen: the audit log's newest page grows with the accounting downloads, whose entries name every document handed over (14 KB for October's 791); after this bench's own downloads of earlier runs the page was 329 KB and 224 ms at ten, on a freshly generated decade 30 ms.",
  "",
  "Then (D414, D415, no migration; 2026-11-29, quiet machine): the order search read the parents and children it names inside each statement, and every named child's items of ten years (15,000 for \"Schmidt\"), once for the page and again for its count. It now reads the named parents' and children's ids first, then tests each order's parent, its number (only when the words are a number) or, for the named children's families, the order's few items: ten at once, \"Schmidt\" went from 92 to 132–215 requests/s and p99 162 ms to 72–127 ms in runs of 4 s (172 requests/s and 120 ms in the table above, still over 100 ms), PostgreSQL 17.7 → 5–6 ms of CPU per request, of which the two `ilike` passes over 1,500 parents and 3,000 children are about half (a trigram index would serve them; not added). The parent's history read each item with the cart's booking terms (house, closures, purchase options: half of each row's 1,000 bytes) and the whole subscription row, none of which it shows; it now reads only what it shows, the reply byte for byte the same: ten at once 67–70 → 83–90 requests/s, PostgreSQL 9.1–10.7 → 6.0 ms and the shop 12.0–12.7 → 9.8–10.8 ms per request. The history with ten parents at once stays over 50 ms: its 166 KB reply for 188 items costs about 16 ms of the two cores' CPU per request (reading the rows, writing and sending the JSON), so ten at once queue for each other.",
  "",
  "Then (D418, migration `0044_people_search_text`; 2026-11-30, quiet machine, a Monday): the order search's two reads of the named people were half of its time in PostgreSQL, 2.7 ms each, since `ILIKE` lowercases every parent's and child's name and address on every search (a plain `LIKE` over the same rows: 0.6 ms). Each person and child now stores a lowercase search text (\"first last\", \"last first\", the e-mail address, a line each), kept by PostgreSQL, and both searches test it with `LIKE`: PostgreSQL's CPU per \"Schmidt\" search with ten at once 7.3 → 5.3 ms. Every signed-in request's token lookup is now a prepared statement per connection (it was built, parsed and planned each time), and Berlin's day of an instant is formatted once per UTC hour (it was the largest single cost in a profile of the history: a few hundred dates per reply). In the same minutes, ten at once: the search 130–172 → 196–247 requests/s (p99 75–135 ms over runs of 4 s; the table's run 164 requests/s and 146 ms: still over 100 ms in most runs), the parent's current order 1,489 → 1,900 requests/s. The previous run was on a Sunday, when the decade's school has no lessons, so today's lessons and the roster had nothing to read; on this Monday they read every booking ever made of the day's three weekly slots (4,593 links, 97 % of them ended or never paid), and PostgreSQL planned that as a read of all 97,000 active items (33 ms of a 67 ms request). They now read the slots' links as one array first and then each linked item by its index: 12–14 ms; on that Monday today's lessons alone p50 67 → 37 ms (p99 130 → 89 ms) and ten at once 26 → 65 requests/s, the roster alone p99 116 → 70 ms and ten at once 44 → 97 requests/s. So that a run on any weekday reads a day with lessons, the bench now measures the lessons of the next day (today included) on which the weekly slot with the most running bookings meets, and that slot's roster; in the table that is a Tuesday, whose 13 slots hold 7,449 links: the day's lessons 60 / 121 ms alone and 512 ms with ten at once (25 requests/s), the roster met alone (53 ms) and 135 ms with ten at once. What is left there is the ended bookings themselves: each link is probed once for the bookings and once more for the seats taken (24 and 17 ms of the Tuesday's 68 ms). A link that says whether its booking still holds a seat, or items of expired orders no longer `active` (97,000 of the decade's 142,000 items are), would bound it by the running bookings; both change what several areas rely on and are not done.",
  "",
  "Then (D419, migration `0045_live_slot_links`; 2026-11-30, quiet machine, a Monday measuring Tuesday): each link of a slot to a booking now says whether the booking may still hold a seat (false once the item is cancelled or its order expired, declined, cancelled or refunded; PostgreSQL's triggers keep it on every status change, a revived order included), and seats, the day's bookings and the booked-twice checks read only those links through a partial index: the Tuesday's 13 slots 387 links instead of 7,449, the seats of its four weekly slots 14.3 → 0.4 ms. With that the day's lessons took 20.6 / 32.5 ms alone and 211 ms with ten at once (74 requests/s, in a full run of this bench before the rest of this change). A CPU profile then showed a fifth of the shop's time in drizzle building statements with one parameter per id (376 children) and a tenth in writing statements to PostgreSQL's socket; each statement's planning took as long as its run. The day's lessons now read each booking's lesson fields with its slots as JSON in one prepared statement, the day's cancellations, absences and makeups in one, check-ins and absences in one, ids as one array each; it no longer reads the 376 children's names, parents and notes it only counts (the roster reads them for its own children). Ten at once, measured one after another on the same shop: 74 → 90 (ids as arrays) → 115 (fewer statements) → 146 (prepared) → 161 (statuses in the text: the generic plan joined each booking to every option) → 240 requests/s (no names), p99 211 → 69–74 ms; alone 11 ms.",
  "",
  "Then (D420, no migration; 2026-11-30, quiet machine): the parent's history measured one request after another showed runs of slow answers (30–55 ms against a p50 of 14 ms). PostgreSQL's statement log found the waiting list's round, run by the payment worker every 30 s: estimated at 712,000, it was compiled by PostgreSQL's JIT for 520 ms to run for 0.6 ms, a core taken from every request of that half second. The shop's connections now run with JIT off, and the round's test for units with open entries compares with the entries' units (it named the link's own column, so every slot's seats were counted whenever any entry was open anywhere): the round takes about 1 ms. Left for the history (p50 13–15 ms alone, 110–121 requests/s with ten at once): per request about 7 ms of the shop's CPU (the 188 rows of 45 columns mapped, the 166 KB answer checked by its schema, turned into JSON and written: each 0.5–1.3 ms) and 6 ms of PostgreSQL's (its plan runs for about 4 ms; each pooled connection plans it afresh for its first five runs, 13 ms each, before it keeps the generic plan). Single runs of 60 still meet an occasional 50–70 ms answer, which decides their p99. Neither the PostgreSQL server's own socket (tried against TCP on 127.0.0.1: the same figures) nor fewer statements changes this much; the reply itself is the cost.",
  "",
  "Then (D421, no migration; 2026-11-30, on a machine with an AMD EPYC, slower per request than the Intel Xeon of the runs before: the same build's rows took up to twice as long there, and runs on it scatter more): the parent's history is made once per database snapshot and sent as made. A request reads `pg_current_snapshot()` (one prepared statement); the same family, language, filter, Berlin day and snapshot get the bytes made before, so a parent's repeated reads cost the sign-in, that statement and the bytes; any commit on the PostgreSQL server makes the next read compute anew. Cached bodies are compressed once per encoding (brotli or gzip, as the client accepts) instead of by the compression plugin on every reply: the bench's single requests (Node's `fetch`, which asks for gzip) spent 3–6 ms of a hit compressing 166 KB. One request after another, 200 times on a quiet machine: p50 7.7 → 2.3 ms (gzip asked for) and 2.2 → 1.7 ms (none), the runs of 50–150 ms answers gone. Ten at once: 124 → 1,727 requests/s and p99 140 → 16 ms in a run at 06:36 UTC, 1,585 requests/s and 15 ms at 06:44 UTC. The new row, \"others writing meanwhile\", is its cost when the snapshot keeps moving: alone, a transaction commits before every request, so each is computed anew (33 / 75 ms at 06:36 UTC, 31 / 135 ms at 06:44: about 19 ms of the shop's CPU and 10 ms of PostgreSQL's per request, of which drizzle's row mapping 3.6 ms, node-postgres's parsing 2.9 ms, the JSON and its ETag 3.1 ms); ten at once, one commits every 20 ms (50 a second), and requests that read the same snapshot share one computation: 178 and 189 requests/s, p99 168 and 117 ms. That row is not met: a family's first read after any write anywhere costs what every read cost before. The server-wide snapshot also moves with the shop's own rounds: the waiting list's round locks each unit with people in line every 30 s (about a dozen commits on the decade). The staff rows were not changed; on this machine their figures with ten at once scatter from run to run (at 06:17, 06:36 and 06:44 UTC: a day's lessons p99 87, 159 and 150 ms, the filtered order list 56, 111 and 118 ms, the audit log 26, 105 and 175 ms, the last growing with this bench's own downloads of the day), where the Intel machine's run at 05:08 UTC met every one of them.",
  "",
  "Then (D422, no migration; 2026-11-30, the AMD machine): a day's lessons are listed once per database snapshot, day asked for, language and Berlin day, as the dashboard that shows today's and tomorrow's (D405): any commit, the next held seat let go by the clock, or 10 s make the list anew, and only reads of the same snapshot share a computation. Its statement for the Tuesday's 376 running bookings with their slots runs 9 ms on this machine (4,300 buffers: 387 items by id, their orders, and each item's slots as JSON). Ten at once on the shop alone, the same minutes: 112 → 921 requests/s, p99 139 → 21 ms; in the table 957 requests/s and 21 ms. The rows neither change touched scatter again in the table's run (07:25 UTC, the load average falling from 6 after a test run): with ten at once the orders' first page 113 ms, the search by a family name 106 ms, the audit log 172 ms (39–67, 63–101 and 26–175 ms in the three runs before it).",
  "",
  "Then (D423, no migration; 2026-11-30, the AMD machine): the audit log's row with ten at once had moved with this bench's own history. Each run downloads October's documents, and each download's entry names its 791 documents (D417 showed them folded, the API still carried them), so after three runs in a day 18 of its newest 25 entries were such downloads and the page 160–280 KB (113–175 ms with ten at once). The list now sends a long list of an entry over 1 KB as its first three values and its last, with its count and a hash, and the screen fetches the whole entry when a reader unfolds it. Side by side on the decade after 20 downloads (the builds before and after on the same database, ten at once for 4 s, twice each): 182–208 → 394–431 requests/s, p99 94–132 → 44 ms; the page 162 → 8 KB. A first version that unpacked each stored value four times and took an md5 of each list's text spent 4–6 ms of PostgreSQL's time per page: PostgreSQL decompresses a stored value again for each function it is handed to.",
  "",
  "The waiting list's round (every 30 s) locked 15 of the decade's 18 academy weeks with people in line each time, with nothing to do: each had seats free, but everyone in its line already held an offer. Each lock is a write, so each round moved the snapshot by which D421's and D422's answers are kept. A round now looks at a unit with free seats only while someone in line waits for one and the unit is still to come, besides the work it did before (offers run out or accepted, children deleted or booked another way): two rounds of the idle shop on the decade locked nothing.",
  "",
  "Then (D425, no migration; 2026-11-30, the AMD machine): the parent's add of an academy week, a row this bench did not have, checked the week against the seats of every week the academy ever had, counted through the page's items: `order_items` has no index by page, so each add read all 142,461 items (19 ms a call for the academy with the most bookings, median of 30 from Node.js), and a course or event's add counted every past session of its page (37 ms for a page of 277 dated sessions). The check now counts only the weeks asked for and the sessions still offered, through their own bookings (0.8 and 3.3 ms), and the add's row is in the table, alone only: one family's adds go one at a time through its cart's lock.",
  "",
  "Then (2026-12-02, the AMD machine, no change to the shop): the add's row had picked its week by the bookings of paid orders only, while the shop also counts running reservations and waiting-list offers, so on the decade of that morning the add answered `no_seats_left` in every request, and the table still called the row met. The bench now takes the busiest coming week that the shop's own product page shows with space left, and a call that does not answer as expected is never a target met.",
  "",
  "Then (D442, no migration; 2026-12-02, the AMD machine): the parent's history was made anew after any commit anywhere (D421), so the row with others writing missed its 50 ms in every run on this machine (04:19 UTC: 33.2 / 74.0 ms alone, 86 ms with ten at once). Once the snapshot moved, a kept history is now checked by the family's fingerprint (the row versions of its orders, items, payments, invoices, withdrawals, refunds, subscriptions, links, children and the course pauses, one prepared statement, about 4 ms for this family) with the catalogue's generation, and given again while they are the same. The row's writer now commits a real write of another family (its child's `updated_at`) instead of an empty transaction; on the demo, which has no other family, it still takes a transaction id. Side by side on the decade (the builds before and after on one database, two alternating rounds at 05:35 UTC): alone with a write before each request p50 18.7 and 18.5 → 8.1 and 5.3 ms; ten at once with a write every 20 ms 937 and 826 → 2,333 and 3,189 requests/s, p99 38 and 47 → 18 and 12 ms. A seat taken or let go anywhere still makes the history anew (the catalogue's feed tells seats and catalogue on one channel).",
  "",
  "Then (D443, D444, migration `0047_seat_notices`; 2026-12-02, the AMD machine): the current order's kept reply remembers the database snapshot its fingerprint was read under and is sent without reading the fingerprint while the snapshot is the same; the snapshot is read once for the callers asking at the same time, the parent's history's too (D443). A notice of seats only says so, and the history, the current order and the add's page and option keep what they made over it (D444). Against the run at 06:48: the current order alone p50 / p99 1.6 / 5.1 → 1.0 / 4.1 and 0.9 / 3.2 ms, ten at once 4,799 → 8,241 and 8,182 requests/s (10:02 with D443 alone and 10:19 UTC with both). The parent's history has one slow answer of sixty in one of its two rows in each run, which decides that row's p99: alone 98.9 ms at 06:48, 81.6 ms at 10:19; with others writing 69.2 ms at 10:02 and 124 ms at 10:08 (D443 alone); the other row's p99 was 9.1–28.3 ms in the same runs, and every p50 3.9–7.1 ms. Read one after another from a client of its own against a shop on a fresh decade (2,000 reads, with and without another family's write before each; the shop under `--trace-gc`), the history's slowest answer was 35.6 ms and no collection after the shop's start paused it for more than 10 ms; the slow answers come in the bench's own runs and are not explained yet. Nor are they the bench's own garbage collections (it runs autocannon in its process): a run at 10:57 UTC that recorded them had its slowest history answer at 53.4 ms, of which 7.5 ms overlapped one.",
  "",
  "Then (D446, no change of the shop; 2026-12-02, 12:35–13:52 UTC, a machine with the same kernel, fc-v1045): seven runs of this bench printed every answer of the one-after-another runs over 25 ms with its time and place (`BENCH_YEARS_SLOW_MS=25`). In most rows such answers are single pauses: in the first four runs (60 answers per call), 6 to 15 in a run's 2,160 answers, of every call and both shops, nearly all 25–49 ms. Under `--trace-gc` the decade's shop collected its young generation every 0.2 s for 11–36 ms while lists were read ten at once. The demo's shop, idle beside it, ran full collections of 270–280 ms (V8's memory reducer). With sixty answers per call a row's p99 was its slowest answer, so one pause decided it. Each call now has 200 answers: the p99 is the 198th, and the slowest is shown beside it (D446). The parent's history is different. In three runs (12:37, 12:43, 12:49) it met its 50 ms in all six rows (alone p99 4.2–8.2 ms). In four runs (13:26, 13:38, 13:45 and 13:50, each on a decade generated just before) its rows had slow answers at a beat: every 13–27 answers, 90–160 ms apart, one of 35–88 ms. That was 5–11 of 200 alone and 7–16 of 200 with others writing, with a p50 of 2.4–4.3 ms; this section's table is the run at 13:38. In those seconds the shop collected no garbage (`--trace-gc`, 13:50), and PostgreSQL ran no statement over 25 ms (`log_min_duration_statement`, 13:45). Two processes spinning on both cores saw no stall of the machine. The same shop alone on a decade generated at 12:35 was read 300 times one after another per encoding (none, gzip, brotli): p99 14–20 ms, and no such beat. The cause is not found.",
  "",
  "Then (D447, no change of the shop; 2026-12-02, 15:53–16:18 UTC, the same kind of machine): the history's beat was this bench's own. In a run with timings inside the decade's shop (16:05 UTC), the history's own work took under 15 ms for each of the eight answers of the row alone that the bench saw at 33–90 ms (with others writing, 2 of its 20 such answers had a fingerprint read of 19–30 ms), and PostgreSQL logged no statement over 10 ms in the row alone. Against the same kind of shop, a client of its own (a second at ten, then 300 answers one after another) saw answers of 26–37 ms that took the shop under 10 ms from their arrival to their last byte handed to the socket, with no gap over 12 ms in the shop's event loop. The bench decoded each answer (166 KB of JSON from gzip) and kept it as a buffer. Under `--trace-gc`, a client doing only that collected its old generation about every 100 ms (every twenty answers or so, `GC in old space requested`, 14–31 ms from the start of marking to its end), and its slow answers (26–29 ms) had their headers after 2.5–7.6 ms: the rest was the client reading and decoding the body; the bench's own process, which also runs autocannon, has more to mark. On one shop, in alternating runs of 400 answers after a second at ten (two rounds): decoded as before p50 3.5 and 4.2 ms, p99 25.1 and 24.7 ms; only the gzip bytes counted p50 1.7 and 1.9 ms, p99 4.3 and 5.0 ms. The one-after-another answers are now timed to their last byte as the shop sent it, gzip as before, on one kept connection, and not decoded (D447); the first answer of each call is still read whole for its status and size. In the first run so (16:13 UTC) the history met its 50 ms in all four rows (decade alone p99 3.0 ms, with others writing 20.9 ms), and every staff row was met alone and ten at once. Why the beat came only in runs on a decade generated just before was not looked into further: it was the client's.",
  "",
  'Then (D501, migration `0051_payments_refunded_order`; 2026-12-05, kernel fc-v1272, AMD EPYC): the order list\'s filter by payment state had no row here, and D494 had added a gift card\'s part and its returns to its rule. A first run with the new row (16:14 UTC) found it the slowest call of the decade: "partly refunded" 486 / 615 ms alone, and with ten at once 2,765 / 2,813 ms at 1 request/s, its first answer a 503. The rule (the order\'s captured and refunded sums, its card\'s part and returns, two reads for a failed refund) ran for every order the page and its count passed, and the decade has no partly refunded order, so both passed all 49,534. Now only the orders that can tell states apart run the whole rule: those that gave something back (2,994 refunded payments, found by a new partial index, and the card\'s returns) and those with a failed refund; for every other order the state is "paid" when the order is paid or a payment was captured, else "unpaid". Refunded and partly refunded orders are read from the first set, joined to their payments summed in one grouped read, and the page and its count come from one read of the ids (at most 1,001). A run at 16:33 UTC with a first form of this: 31.3 / 37.0 ms alone, 163 / 220 ms with ten at once (60 requests/s). Two things more: the rule\'s state read from the joined sums instead of a subquery per order, and the test for a captured payment as a scalar subquery (as an `exists` under `or` PostgreSQL read all 44,580 captured payments into a hash for every "paid" page, 18 ms). The list\'s repository function called 30 times from a script on one connection (median, page and count): "partly refunded" 19–27 ms, "refunded" 23–28 ms, "paid" 28 → 9.9 ms, "unpaid" 15 ms, "needs attention" 0.8 ms. In the table: alone met; with ten at once not met. What is left is one read by index of each order that gave something back and of its payments, about 3,000 of each per request; a sum kept per order would remove it, and it is not built.',
  "",
  'Then (D502, migration `0052_order_payment_sums`; 2026-12-05, kernel fc-v1272, an Intel Xeon, faster than the AMD EPYC of the run before: every row of this table took about half as long): `EXPLAIN (ANALYZE, BUFFERS)` of the filter "partly refunded" after D501 read 18,000 buffers in 9–10 ms, nearly all of it each of the 2,994 orders that gave money back and their payments, read by index to be summed; and the filter "paid" sorted every order, because PostgreSQL guessed that 0.5 % of orders match a `case` expression. Each order now keeps what its payments captured and refunded and what went back onto its gift card, written by PostgreSQL\'s triggers on payments, withdrawals and staff refunds; the state is read from those sums, and an index on the state\'s expression, then the date, gives the filter its newest orders and PostgreSQL the states\' statistics. The list\'s repository function, 30 calls from a script on one connection, the same decade and machine, before → after (median, page and count): "partly refunded" 9.4 → 0.6 ms, "refunded" 11.7 → 4.1 ms, "paid" 3.9 → 2.6 ms, "unpaid" 7.6 → 2.6 ms. In the table (19:23 UTC): alone 0.5 / 1.1 ms, with ten at once 2 / 6 ms at 3,705 requests/s (the AMD machine\'s run before: 112 / 165 ms at 87). The years generator switches the triggers off while it writes and sums every order once at the end (with them on, it took 181 s instead of 32 s). Then (D503) the generated decade got the school\'s part refunds, 771 of its paid orders, so this row\'s page is full where it was empty: in the table (20:00 UTC) alone 2.8 / 6.6 ms, with ten at once 14 / 27 ms at 646 requests/s (19:40 UTC: 7.5 and 28 ms); the script\'s median for "partly refunded" 3.2 ms.',
  "",
];

/** The "Ten years of data" section of docs/benchmarks.md. */
export function yearsSection({ demo, years, context }) {
  const byName = new Map(demo.rows.map((r) => [r.name, r]));
  const c = years.counts;
  const fileRow = (f, d, limit) =>
    `| ${f.file} (${f.month}) | ${d.failed ?? ms(d.median)} | ${f.failed ?? `${ms(f.median)} (max ${ms(f.max)})`} | ${(f.bytes / 1024).toFixed(0)} KiB | ≤ ${limit / 1000} s | ${!f.failed && f.max <= limit ? "met" : "not met"} |`;
  return [
    "## Ten years of data",
    "",
    `Generated by \`BENCH_ONLY=years npm run bench\` (\`scripts/bench/years.mjs\`). Two shops side by side, each \`node server/dist/server.js\` on PostgreSQL: one on the demo data, one on a decade made by \`npm run seed:years -- --years 10 --seed 36\` (${context.generated}). Each call: first ${WARM_UP_S} s at ${STAFF_AT_ONCE} connections, not counted (it opens the pool's connections and plans, which a running shop keeps for \`DB_POOL_IDLE_MS\`, D412), then ${SINGLE_RUNS} requests one after another on one connection (one staff member; each timed to the last byte of its answer as sent, gzip as \`fetch\` asks, not decoded, D447; their p99 is the ${Math.ceil(0.99 * SINGLE_RUNS)}th, their slowest beside it, D446), then ${STAFF_AT_ONCE} connections for ${AT_ONCE_S} s (ten staff at once, autocannon). Staff calls with a staff token, the parent's with the token of the family with the most orders. The parent's add puts the coming academy week with the most bookings that has a seat left into the cart for a new child of that family and takes it out again, ${SINGLE_RUNS} times one after another (alone only: one family's adds go one at a time through its cart's lock; many families at once are enrolment day's).`,
    "",
    `- Date: ${context.date}`,
    `- Machine: ${context.machine}`,
    `- Load average before: ${context.loadBefore.map((l) => l.toFixed(2)).join(", ")}; after: ${context.loadAfter.map((l) => l.toFixed(2)).join(", ")}. Whatever else runs on the machine shares its two cores; single timings move with it.`,
    `- The decade: ${c.users} accounts, ${c.orders} orders, ${c.items} items, ${c.checkins} check-ins, ${c.mails} mails, ${c.audit} audit entries. The demo: ${demo.counts.orders} orders, ${demo.counts.items} items.`,
    `- Targets (issue 36): every staff call p99 ≤ ${YEARS_TARGET.staffP99} ms alone and ten at once; a parent's history and current order ≤ ${YEARS_TARGET.parentP99} ms (the parent's add, not in the issue's list, is held to the same); the month's CSV ≤ ${YEARS_TARGET.csvMs / 1000} s and ZIP ≤ ${YEARS_TARGET.zipMs / 1000} s; the catalogue unchanged.`,
    "",
    "| Call | Demo p50 / p99 / slowest (alone) | Ten years p50 / p99 / slowest (alone) | Demo p99, 10 at once | Ten years p50 / p99, 10 at once (req/s) | Target |",
    "|---|---:|---:|---:|---:|---|",
    ...years.rows.map((r) => {
      const d = byName.get(r.name);
      const alone = (x) => `${ms(x.p50)} / ${ms(x.p99)} / ${ms(x.max)}`;
      const dCell = d ? alone(d.single) : "–";
      const dMany = d?.many ? `${ms(d.many.p99)}` : "–";
      const nonOk = r.many?.non2xx ?? 0;
      const failed =
        r.single.status !== (r.expect ?? 200) || nonOk > 0
          ? ` (HTTP ${r.single.status}, ${nonOk} non-2xx at once)`
          : "";
      const many = r.many ? `${ms(r.many.p50)} / ${ms(r.many.p99)} (${r.many.rps})` : "– (alone only)";
      return `| ${r.name}${failed} | ${dCell} | ${alone(r.single)} | ${dMany} | ${many} | ${verdict(r, r)} |`;
    }),
    "",
    "| Accounting export | Demo, median | Ten years, median | Size | Target | |",
    "|---|---:|---:|---:|---|---|",
    ...years.files.map((f, i) =>
      fileRow(f, demo.files[i], f.file.endsWith(".zip") ? YEARS_TARGET.zipMs : YEARS_TARGET.csvMs),
    ),
    "",
    ...WHAT_CHANGED,
    "",
  ];
}
