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
  const { listSeatsQuery, productListQuery } = await tsImport(
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
      "#### Per request: ids, count, stamp and seats taken (`listSeatsQuery`)",
      "",
      "Every list request runs this statement; the cards' texts come from renders made under the same stamp.",
      "",
    );
    for (const [label, criteria] of explained(contract)) {
      lines.push(`##### ${label}`, "");
      lines.push(
        ...(await explain(listSeatsQuery(db, criteria, "de"), {
          ...listValues(criteria),
          limit: 20,
          offset: 0,
        })),
      );
    }
    lines.push(
      "#### Cards not yet rendered: the full statement (`productListQuery`)",
      "",
      "Run for the cards of a page that have no render for the current stamp (after a start or a catalogue change), with the `ids` filter; shown here for the first page without filters and for one filter.",
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
