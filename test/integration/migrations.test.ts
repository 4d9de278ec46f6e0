import { ChangedMigrationError, loadMigrations, migrate, queryRows, sqlValue } from "@answerscope/warehouse";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { openTestEngineWarehouse } from "../src/test-engine";

const database = `as_migrate_${randomBytes(4).toString("hex")}`;

describe("migration runner", () => {
  // Two connections, as two processes would have on a server (on the embedded engine, two in this process).
  const { warehouse: first } = openTestEngineWarehouse(database, 30_000);
  const { warehouse: second } = openTestEngineWarehouse(database, 30_000);

  afterAll(async () => {
    await first.client.command({ query: `DROP DATABASE IF EXISTS ${database}` });
    await Promise.all([first.close(), second.close()]);
  });

  it("applies every migration once even when two processes run it at the same time", async () => {
    const migrations = loadMigrations();
    const [a, b] = await Promise.all([migrate(first), migrate(second)]);
    expect([...a.applied, ...a.skipped].sort((x, y) => x - y)).toEqual(migrations.map((m) => m.version));
    expect([...b.applied, ...b.skipped].sort((x, y) => x - y)).toEqual(migrations.map((m) => m.version));
    const recorded = await queryRows<{ version: number; checksum: string }>(
      first,
      `SELECT version, checksum FROM ${database}.schema_migrations FINAL ORDER BY version`,
    );
    expect(recorded).toEqual(migrations.map((m) => ({ version: m.version, checksum: m.checksum })));
    const tables = await queryRows<{ name: string }>(
      first,
      `SELECT name FROM system.tables WHERE database = ${sqlValue(database)} ORDER BY name`,
    );
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        "responses",
        "tool_call_events",
        "feedback_events",
        "rejected_events",
        "schema_migrations",
      ]),
    );
  });

  it("skips everything on a second run", async () => {
    const result = await migrate(first);
    expect(result.applied).toEqual([]);
    expect(result.skipped).toEqual(loadMigrations().map((m) => m.version));
  });

  it("refuses to run when an applied migration was changed", async () => {
    const changed = loadMigrations().map((m) =>
      m.version === 1 ? { ...m, checksum: "0".repeat(64), source: `${m.source}\n-- edited` } : m,
    );
    await expect(migrate(first, { migrations: changed })).rejects.toBeInstanceOf(ChangedMigrationError);
    await expect(migrate(first, { migrations: changed })).rejects.toThrow(/was changed after it was applied/);
  });
});
