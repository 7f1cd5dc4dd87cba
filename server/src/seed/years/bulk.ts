import type pg from "pg";

/** The rows of one table, collected column by column and written with `insert … select from unnest(…)`. */
export class Rows {
  private readonly columns: string[];
  private readonly types: string[];
  private values: unknown[][];
  written = 0;
  /** Tables written together in this order when any of them is full (foreign keys point up the list). */
  group: Rows[] | null = null;

  constructor(
    readonly table: string,
    spec: Record<string, string>,
    private readonly client: pg.ClientBase,
    private readonly batch = 5_000,
  ) {
    this.columns = Object.keys(spec);
    this.types = Object.values(spec);
    this.values = this.columns.map(() => []);
  }

  /** Adds one row (values in the order of the spec); writes a batch once it is full. */
  async add(...row: unknown[]): Promise<void> {
    for (let i = 0; i < this.columns.length; i++) this.values[i]?.push(row[i] ?? null);
    if ((this.values[0]?.length ?? 0) < this.batch) return;
    for (const rows of this.group ?? [this]) await rows.flush();
  }

  async flush(): Promise<void> {
    const count = this.values[0]?.length ?? 0;
    if (count === 0) return;
    const names = this.columns.map((c) => `"${c}"`).join(", ");
    const arrays = this.types.map((type, i) => `$${i + 1}::${type}[]`).join(", ");
    await this.client.query(
      `insert into "${this.table}" (${names}) select * from unnest(${arrays})`,
      this.values.map((column, i) => (this.types[i] === "jsonb" ? column.map(jsonOrNull) : column)),
    );
    this.written += count;
    this.values = this.columns.map(() => []);
  }
}

const jsonOrNull = (value: unknown) => (value === null ? null : JSON.stringify(value));
