import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  contractions,
  readAllowed,
  readMigrations,
  refusedContractions,
  staleAllowances,
} from "./lint-migrations.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const kinds = (sql) => contractions(sql).map(({ kind, object }) => `${kind} ${object}`);

describe("migrations expand, then contract (npm run lint:migrations, D306)", () => {
  it("refuses a planted drop, rename, type change and NOT NULL, as drizzle-kit writes them", () => {
    const planted = [
      'ALTER TABLE "orders" DROP COLUMN "note";--> statement-breakpoint',
      'ALTER TABLE "orders" RENAME COLUMN "total_cents" TO "amount_cents";--> statement-breakpoint',
      'DROP TABLE "gift_cards" CASCADE;--> statement-breakpoint',
      'ALTER TABLE "public"."visitors" RENAME TO "children";--> statement-breakpoint',
      'ALTER TABLE "orders" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint',
      'ALTER TABLE "visitors" ALTER COLUMN "school" SET NOT NULL;--> statement-breakpoint',
      'ALTER TABLE "orders" ADD COLUMN "channel" text NOT NULL;--> statement-breakpoint',
      "ALTER TYPE \"public\".\"order_status\" RENAME VALUE 'paid' TO 'settled';",
    ].join("\n");
    expect(kinds(planted)).toEqual([
      "DROP COLUMN orders.note",
      "RENAME COLUMN orders.total_cents",
      "DROP TABLE gift_cards",
      "RENAME TABLE visitors",
      "ALTER COLUMN TYPE orders.status",
      "SET NOT NULL visitors.school",
      "ADD COLUMN NOT NULL WITHOUT DEFAULT orders.channel",
      "RENAME VALUE order_status.paid",
    ]);
    expect(refusedContractions({ "0099_planted.sql": planted }, [])).toHaveLength(8);
  });

  it("lets expanding statements pass: new tables, columns with a default or nullable, indexes, constraints", () => {
    const expanding = [
      'CREATE TABLE "notes" ("id" serial PRIMARY KEY NOT NULL, "text" text NOT NULL);',
      'ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT \'web\' NOT NULL;',
      'ALTER TABLE "orders" ADD COLUMN "note" text;',
      'ALTER TABLE "orders" ADD COLUMN "n" integer GENERATED ALWAYS AS IDENTITY NOT NULL;',
      'CREATE INDEX "orders_note_idx" ON "orders" USING btree ("note");',
      'ALTER TYPE "public"."order_status" ADD VALUE \'settled\';',
      '-- ALTER TABLE "orders" DROP COLUMN "note"; a comment is no statement',
    ].join("\n");
    expect(kinds(expanding)).toEqual([]);
  });

  it("allows a listed contraction only in the migration the allow-list names", () => {
    const sql = 'ALTER TABLE "orders" DROP COLUMN "note";';
    const allowed = [
      { migration: "0040_drop_note.sql", kind: "DROP COLUMN", object: "orders.note", decision: "D999" },
    ];
    expect(refusedContractions({ "0040_drop_note.sql": sql }, allowed)).toEqual([]);
    expect(refusedContractions({ "0041_other.sql": sql }, allowed).map((found) => found.migration)).toEqual([
      "0041_other.sql",
    ]);
    // An entry without a decision, or one that matches nothing, is itself refused.
    expect(staleAllowances({ "0040_drop_note.sql": sql }, [{ ...allowed[0], decision: "" }])).toHaveLength(1);
    expect(staleAllowances({}, allowed)).toHaveLength(1);
  });

  it("holds for the project's migrations: every past contraction is listed with its decision", () => {
    const migrations = readMigrations(root);
    const allowed = readAllowed(root);
    expect(Object.keys(migrations).length).toBeGreaterThan(20);
    expect(refusedContractions(migrations, allowed)).toEqual([]);
    expect(staleAllowances(migrations, allowed)).toEqual([]);
  });
});
