import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// docs/architecture.md: the database enums are built from the contract's lists, so a value added to the
// contract reaches the database (through a generated migration) and every client at once.
describe("database enums", () => {
  it("are built from the contract's lists, none written inline", () => {
    const dir = new URL("./", import.meta.url);
    const inline = readdirSync(dir)
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
      .flatMap((file) =>
        [...readFileSync(new URL(file, dir), "utf8").matchAll(/pgEnum\(\s*"(\w+)",\s*\[/g)].map(
          (match) => `${file}: ${match[1]}`,
        ),
      );
    expect(inline).toEqual([]);
  });
});
