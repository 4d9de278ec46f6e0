import {
  migrate,
  onClusterClause,
  queryRows,
  sqlValue,
  WarehouseEnvSchema,
  type Migration,
  type Warehouse,
} from "@answerscope/warehouse";
import { randomBytes } from "node:crypto";
import { openTestEngineWarehouse, type EngineWarehouse } from "./test-engine";

/**
 * A fresh, migrated database on the project's ClickHouse (a server, or the embedded engine:
 * test-engine.ts), so test files never see each other's rows: every migration, or only
 * `options.migrations` (to test an upgrade with `migrate` afterwards).
 */
export async function createTestWarehouse(
  prefix: string,
  options: { migrations?: Migration[] } = {},
): Promise<EngineWarehouse & { database: string }> {
  const database = `${prefix}_${randomBytes(4).toString("hex")}`;
  // Generous: on a loaded 2-core CI machine a DROP DATABASE can wait on merges for a while.
  // The cluster project sets CLICKHOUSE_CLUSTER for the whole run (vitest.config.ts).
  const { CLICKHOUSE_CLUSTER: cluster } = WarehouseEnvSchema.parse(process.env);
  const opened = Object.assign(openTestEngineWarehouse(database, 120_000, cluster), { database });
  await migrate(opened.warehouse, { migrations: options.migrations });
  return opened;
}

/** ClickHouse's "Watching task ... is executing longer than distributed_ddl_task_timeout". */
const DDL_STILL_RUNNING = /Code: 159\b/;

export async function dropTestWarehouse(warehouse: Warehouse): Promise<void> {
  try {
    // On a cluster the drop is a task of the distributed DDL queue, which every node executes
    // even after this statement stopped waiting for it; a busy 2-core CI machine has taken
    // minutes to drop the replicated tables of a suite, so clean-up waits at most 90 s.
    await warehouse.client.command({
      query: `DROP DATABASE IF EXISTS ${warehouse.target.database} ${onClusterClause(warehouse.target)}`,
      clickhouse_settings: warehouse.target.cluster ? { distributed_ddl_task_timeout: "90" } : {},
    });
  } catch (error) {
    if (!(warehouse.target.cluster && DDL_STILL_RUNNING.test(String(error)))) throw error;
    console.warn(`the drop of ${warehouse.target.database} is still running on the cluster: ${String(error)}`);
  } finally {
    await warehouse.close();
  }
}

/** Deduplicated counts per fact table: what a correct reader sees whatever was delivered twice. */
export async function dedupedCounts(warehouse: Warehouse, tenantId?: string) {
  const where = tenantId ? `WHERE tenant_id = ${sqlValue(tenantId)}` : "";
  const count = async (table: string, key: string) =>
    Number(
      (
        await queryRows<{ n: number }>(
          warehouse,
          `SELECT uniqExact(${key}) AS n FROM ${warehouse.table(table)} ${where}`,
        )
      )[0]?.n ?? 0,
    );
  return {
    responses: await count("responses", "tenant_id, event_id"),
    toolCalls: await count("tool_call_events", "tenant_id, event_id"),
    feedback: await count("feedback_events", "tenant_id, event_id"),
    rejected: await count("rejected_events", "tenant_id, reason, dedup_key"),
  };
}

/** Raw row counts: equal to the deduped counts when the sink's pre-insert check kept duplicates out. */
export async function rawCounts(warehouse: Warehouse) {
  const count = async (table: string) =>
    Number(
      (await queryRows<{ n: number }>(warehouse, `SELECT count() AS n FROM ${warehouse.table(table)}`))[0]?.n ?? 0,
    );
  return {
    responses: await count("responses"),
    toolCalls: await count("tool_call_events"),
    feedback: await count("feedback_events"),
    rejected: await count("rejected_events"),
  };
}
