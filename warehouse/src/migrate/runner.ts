import type { Warehouse } from "../client";
import { queryRows } from "../client";
import { renderStatements } from "../sql/ddl";
import { sqlValue } from "../sql/escape";
import { loadMigrations, type Migration } from "./migrations";

export interface MigrationProgress {
  (event: { migration: Migration; statement: number; statements: number; status: "applying" | "applied" | "skipped" }): void;
}

export class ChangedMigrationError extends Error {
  constructor(readonly migration: Migration, readonly appliedChecksum: string) {
    super(
      `migration ${migration.version}_${migration.name} was changed after it was applied ` +
        `(applied ${appliedChecksum.slice(0, 12)}, now ${migration.checksum.slice(0, 12)}); add a new migration instead`,
    );
  }
}

interface AppliedRow {
  version: number;
  checksum: string;
}

/**
 * Applies the numbered migrations in order and records each with its checksum.
 *
 * ClickHouse has no transactions or locks, so safety comes from the statements
 * themselves: every statement is idempotent (`IF NOT EXISTS`), and the record
 * table is a ReplacingMergeTree keyed by version. Two runners racing apply the
 * same statements harmlessly and write the same record.
 */
export async function migrate(
  warehouse: Warehouse,
  options: { migrations?: Migration[]; onProgress?: MigrationProgress } = {},
): Promise<{ applied: number[]; skipped: number[] }> {
  const migrations = options.migrations ?? loadMigrations();
  const { database, cluster } = warehouse.target;
  const onCluster = cluster ? ` ON CLUSTER ${cluster}` : "";
  const log = warehouse.table("schema_migrations");
  await warehouse.client.command({ query: `CREATE DATABASE IF NOT EXISTS ${database}${onCluster}` });
  const [createLog] = renderStatements(
    `CREATE TABLE IF NOT EXISTS {{db}}.schema_migrations {{on_cluster}} (
       version UInt32, name String, checksum String, applied_at DateTime('UTC')
     ) ENGINE = {{engine:ReplacingMergeTree(applied_at)}} ORDER BY version`,
    warehouse.target,
  );
  await warehouse.client.command({ query: createLog! });

  const appliedRows = await queryRows<AppliedRow>(
    warehouse,
    `SELECT version, argMin(checksum, applied_at) AS checksum FROM ${log} GROUP BY version`,
  );
  const appliedChecksums = new Map(appliedRows.map((row) => [Number(row.version), row.checksum]));

  for (const migration of migrations) {
    const known = appliedChecksums.get(migration.version);
    if (known !== undefined && known !== migration.checksum) throw new ChangedMigrationError(migration, known);
  }

  const applied: number[] = [];
  const skipped: number[] = [];
  for (const migration of migrations) {
    const statements = renderStatements(migration.source, warehouse.target);
    if (appliedChecksums.has(migration.version)) {
      skipped.push(migration.version);
      options.onProgress?.({ migration, statement: statements.length, statements: statements.length, status: "skipped" });
      continue;
    }
    for (const [index, statement] of statements.entries()) {
      options.onProgress?.({ migration, statement: index + 1, statements: statements.length, status: "applying" });
      await warehouse.client.command({ query: statement });
    }
    await warehouse.client.command({
      query: `INSERT INTO ${log} (version, name, checksum, applied_at) VALUES (${sqlValue(migration.version)}, ${sqlValue(migration.name)}, ${sqlValue(migration.checksum)}, now())`,
    });
    applied.push(migration.version);
    options.onProgress?.({ migration, statement: statements.length, statements: statements.length, status: "applied" });
  }
  return { applied, skipped };
}
