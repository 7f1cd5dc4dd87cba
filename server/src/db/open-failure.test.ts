import { describe, expect, it } from "vitest";
import { databaseOpenFailure, databaseWhere } from "./open-failure.ts";

/** The one line a start (and `npm run admin`) says when the shop's database cannot be opened. */
const URL_WITH_PASSWORD = "postgres://atelier:Pa%24%24w0rd@db.school.example:6543/atelier";

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("databaseOpenFailure", () => {
  it.each([
    [
      "a refused connection, tried on each address of the name",
      new AggregateError([pgError("ECONNREFUSED", "connect ECONNREFUSED ::1:6543")], ""),
      /connect ECONNREFUSED ::1:6543\. Nothing accepts connections there: check that PostgreSQL runs/,
    ],
    [
      "a refused password",
      pgError("28P01", 'password authentication failed for user "atelier"'),
      /password authentication failed for user "atelier" \(28P01\)\. PostgreSQL refused the password/,
    ],
    [
      "a database not created",
      pgError("3D000", 'database "atelier" does not exist'),
      /database "atelier" does not exist \(3D000\)\. The database does not exist: .*createdb/,
    ],
    [
      "a name that does not resolve",
      pgError("ENOTFOUND", "getaddrinfo ENOTFOUND db.school.example"),
      /getaddrinfo ENOTFOUND db\.school\.example\. The host name does not resolve/,
    ],
    [
      "a connection that timed out, wrapped by the pool",
      new Error("timeout exceeded when trying to connect"),
      /timeout exceeded when trying to connect\. No answer in time/,
    ],
  ])("names the server, the database and the reason of %s in one line", (_case, error, reason) => {
    const line = databaseOpenFailure({ databaseUrl: URL_WITH_PASSWORD }, error);
    expect(line).toMatch(
      /^The shop's database cannot be opened: PostgreSQL at db\.school\.example:6543, database atelier \(DATABASE_URL\): /,
    );
    expect(line).toMatch(reason);
    expect(line).not.toContain("\n");
  });

  it("never says the password, even when a reason quotes it", () => {
    const line = databaseOpenFailure(
      { databaseUrl: URL_WITH_PASSWORD },
      pgError("XX000", "could not connect with Pa$$w0rd and Pa%24%24w0rd"),
    );
    expect(line).not.toMatch(/Pa\$\$w0rd|Pa%24%24w0rd/);
    expect(line).toContain("could not connect with *** and ***");
  });

  it("names the embedded database's folder without DATABASE_URL", () => {
    expect(databaseWhere({ dataDir: "/var/lib/atelier-shop" })).toBe(
      "PGlite under /var/lib/atelier-shop/pglite (DATA_DIR)",
    );
    expect(databaseWhere({ databaseUrl: "postgres://atelier@127.0.0.1/atelier" })).toBe(
      "PostgreSQL at 127.0.0.1:5432, database atelier (DATABASE_URL)",
    );
  });
});
