// The catalogue's database path for `npm run bench` (issue #12): a mix of filter combinations, and
// EXPLAIN ANALYZE of the list statement the shop runs (built by the shop's own repository code).
import { fillPlaceholders } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { tsImport } from "tsx/esm/api";

/** What the catalogue issue asks of the database rows, beside the bare-Fastify ceiling of the same run. */
export const CATALOGUE_DB_TARGET = { ofCeiling: 0.4, p99: 50 };

/**
 * 50 filter combinations a storefront sends: one or two filters of type, age, language, weekday,
 * category and search, as the catalogue's filter bar makes them, half in German and half in Russian.
 */
export function filterMix() {
  const combos = [
    ...[
      "Course",
      "Workshop",
      "Academy",
      "Event",
      "Course,Workshop",
      "BirthdayParty,SpecialOffer",
      "GiftCard",
    ].map((t) => ({ product_type: t })),
    ...["5", "6", "7", "8", "9", "10", "11", "12", "13", "14"].map((age) => ({
      product_type: "Course",
      age,
    })),
    ...["6", "8", "10", "12"].flatMap((age) => ["de", "ru"].map((language) => ({ age, language }))),
    ...["de", "ru", "en"].map((language) => ({ language })),
    ...["de", "ru", "en"].map((language) => ({ product_type: "Course", language })),
    ...["0", "1", "2", "3", "4", "5", "6"].map((weekday) => ({ weekday })),
    ...["0", "2", "4"].map((weekday) => ({ product_type: "Course", weekday })),
    ...["malerei", "zeichnen", "keramik", "sprachen", "musik"].map((category) => ({ category })),
    ...["mal", "kunst", "comic", "ton"].map((q) => ({ q })),
  ];
  return combos.slice(0, 50).map((filters, i) => {
    const params = new URLSearchParams({ locale: i % 2 ? "ru" : "de", ...filters });
    return `/api/v2/products/?${params}`;
  });
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/**
 * The k-th of 702 × 30 filter sets (search text of one or two letters, page size 1–30), for a row in
 * which nearly every request is the first of its filter set in the catalogue epoch.
 */
export function unseenFilterSet(k) {
  const word = k % 702;
  const q =
    word < 26 ? LETTERS[word] : `${LETTERS[Math.floor((word - 26) / 26)]}${LETTERS[(word - 26) % 26]}`;
  const pageSize = 1 + (Math.floor(k / 702) % 30);
  const params = new URLSearchParams({ locale: k % 2 ? "ru" : "de", q, page_size: String(pageSize) });
  return `/api/v2/products/?${params}&bench=${k}`;
}

/** Each filter alone (and four together), turned into criteria as the service does. */
function explained({ ageGroupsForAge, instructionLanguagesMatching }) {
  const age8 = ageGroupsForAge(8);
  const ru = instructionLanguagesMatching("ru");
  return [
    ["no filter", {}],
    ["product_type=Course", { productTypes: ["Course"] }],
    ["age=8", { ageGroups: age8 }],
    ["language=ru", { languages: ru }],
    ["category=malerei (id 1)", { categoryId: 1 }],
    ["weekday=2", { weekday: 2 }],
    ["q=mal", { search: "%mal%" }],
    ["instructor 1 (the instructor page)", { instructorId: 1 }],
    [
      "product_type=Course&age=8&language=ru&weekday=2",
      { productTypes: ["Course"], ageGroups: age8, languages: ru, weekday: 2 },
    ],
  ];
}

/** EXPLAIN (ANALYZE, BUFFERS) of the list statement per filter, warmed, as markdown. */
export async function explainList(databaseUrl) {
  const { listPageQuery, productListQuery } = await tsImport(
    "../../server/src/catalogue/product-read.repository.ts",
    import.meta.url,
  );
  const { listValues } = await tsImport(
    "../../server/src/catalogue/catalogue.repository.ts",
    import.meta.url,
  );
  const schema = await tsImport("../../server/src/db/schema/index.ts", import.meta.url);
  const contract = await tsImport("../../contract/src/index.ts", import.meta.url);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const db = drizzle(pool, { schema });
  const lines = [];
  try {
    const explain = async (query, values) => {
      const { sql, params } = query.toSQL();
      const filled = fillPlaceholders(params, values);
      // Warm the caches and the plan once, as a running shop has.
      await pool.query(sql, filled);
      const { rows } = await pool.query(`explain (analyze, buffers, costs off) ${sql}`, filled);
      return ["```", ...rows.map((r) => r["QUERY PLAN"]), "```", ""];
    };
    lines.push(
      "#### Per filter set and epoch: ids and count (`listPageQuery`)",
      "",
      "The first list request of a filter set in a catalogue epoch runs this statement (D85); later ones reuse its ids. The cards come from the epoch's renders.",
      "",
    );
    for (const [label, criteria] of explained(contract)) {
      lines.push(`##### ${label}`, "");
      lines.push(
        ...(await explain(listPageQuery(db, criteria, "de"), {
          ...listValues(criteria),
          limit: 20,
          offset: 0,
        })),
      );
    }
    lines.push(
      "#### Cards not yet rendered: the full statement (`productListQuery`)",
      "",
      "Run for the cards of a page that the epoch has not rendered yet (after a start or a commit), with the `ids` filter; shown here for the first page without filters and for one filter.",
      "",
    );
    for (const [label, criteria] of explained(contract).slice(0, 2)) {
      lines.push(`##### ${label}`, "");
      lines.push(
        ...(await explain(productListQuery(db, criteria, "de"), {
          ...listValues(criteria),
          limit: 20,
          offset: 0,
        })),
      );
    }
  } finally {
    await pool.end();
  }
  return lines;
}
