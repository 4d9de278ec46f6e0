import type { Warehouse } from "../client";
import { queryRows } from "../client";
import { engineFor, onClusterClause, renderStatements, shardedTablesOf, zooKeeperPath } from "../sql/ddl";
import { sqlValue } from "../sql/escape";
import { addsExistingColumn } from "./added-column";
import { alterClusterOf } from "./alter-cluster";
import { withExplicitDistributedColumns } from "./distributed-table";
import { withTableLock } from "../sql/table-lock";
import { loadMigrations, type Migration } from "./migrations";

export interface MigrationProgress {
  (event: {
    migration: Migration;
    statement: number;
    statements: number;
    status: "applying" | "applied" | "skipped";
  }): void;
}

export class ChangedMigrationError extends Error {
  constructor(
    readonly migration: Migration,
    readonly appliedChecksum: string,
  ) {
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
 * The record is one table for the whole deployment: on a cluster it is replicated to every
 * node (one ZooKeeper path for all shards), so any node answers what was applied. Runners
 * that start together (e.g. several workers) take turns through a lock (sql/table-lock.ts):
 * the first applies the pending migrations, the others then find them recorded and skip them.
 * The statements stay idempotent (`IF NOT EXISTS`; an ADD COLUMN the table has is skipped) so a
 * runner killed midway can be re-run.
 */
export async function migrate(
  warehouse: Warehouse,
  options: { migrations?: Migration[]; onProgress?: MigrationProgress; lockTimeoutMs?: number } = {},
): Promise<{ applied: number[]; skipped: number[] }> {
  const migrations = options.migrations ?? loadMigrations();
  const target = { ...warehouse.target, alterCluster: await alterClusterOf(warehouse) };
  const onCluster = onClusterClause(target);
  const log = warehouse.table("schema_migrations");
  await warehouse.client.command({ query: `CREATE DATABASE IF NOT EXISTS ${target.database} ${onCluster}` });
  const engine = engineFor(
    target,
    "ReplacingMergeTree",
    "applied_at",
    zooKeeperPath(target, "schema_migrations", "all"),
  );
  await warehouse.client.command({
    query: `CREATE TABLE IF NOT EXISTS ${log} ${onCluster} (version UInt32, name String, checksum String, applied_at DateTime('UTC')) ENGINE = ${engine} ORDER BY version`,
  });

  const readApplied = async () => {
    // This node's replica of the record may lag behind the node another runner used.
    if (target.cluster) await warehouse.client.command({ query: `SYSTEM SYNC REPLICA ${log}` });
    const rows = await queryRows<AppliedRow>(
      warehouse,
      `SELECT version, argMin(checksum, applied_at) AS checksum FROM ${log} GROUP BY version`,
    );
    const checksums = new Map(rows.map((row) => [Number(row.version), row.checksum]));
    for (const migration of migrations) {
      const known = checksums.get(migration.version);
      if (known !== undefined && known !== migration.checksum) throw new ChangedMigrationError(migration, known);
    }
    return checksums;
  };

  const sharded = shardedTablesOf(migrations.map((migration) => migration.source));
  const skippedAll = () => {
    for (const migration of migrations) {
      const statements = renderStatements(migration.source, target, sharded).length;
      options.onProgress?.({ migration, statement: statements, statements, status: "skipped" });
    }
    return { applied: [], skipped: migrations.map((migration) => migration.version) };
  };
  const pending = (applied: Map<number, string>) => migrations.some((migration) => !applied.has(migration.version));
  if (!pending(await readApplied())) return skippedAll();

  return withTableLock(
    warehouse,
    "schema_migrations_lock",
    async () => {
      const appliedChecksums = await readApplied();
      const applied: number[] = [];
      const skipped: number[] = [];
      for (const migration of migrations) {
        const statements = renderStatements(migration.source, target, sharded);
        if (appliedChecksums.has(migration.version)) {
          skipped.push(migration.version);
          options.onProgress?.({
            migration,
            statement: statements.length,
            statements: statements.length,
            status: "skipped",
          });
          continue;
        }
        for (const [index, statement] of statements.entries()) {
          options.onProgress?.({ migration, statement: index + 1, statements: statements.length, status: "applying" });
          if (await addsExistingColumn(warehouse, statement)) continue;
          await warehouse.client.command({ query: await withExplicitDistributedColumns(warehouse, statement) });
        }
        await warehouse.client.command({
          query: `INSERT INTO ${log} (version, name, checksum, applied_at) VALUES (${sqlValue(migration.version)}, ${sqlValue(migration.name)}, ${sqlValue(migration.checksum)}, now())`,
        });
        applied.push(migration.version);
        options.onProgress?.({
          migration,
          statement: statements.length,
          statements: statements.length,
          status: "applied",
        });
      }
      return { applied, skipped };
    },
    { timeoutMs: options.lockTimeoutMs },
  );
}
