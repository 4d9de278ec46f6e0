import type { Warehouse } from "../client";
import { queryRows } from "../client";
import { onClusterClause } from "./ddl";
import { sqlValue } from "./escape";

/** ClickHouse's "table already exists". */
const ALREADY_EXISTS = /Code: 57\b|already exists/;

/**
 * A mutual-exclusion lock between processes (migration runners, view repairers), made of a table
 * `lockTable` that only one CREATE can create.
 *
 * ClickHouse has no locks, but a CREATE TABLE without IF NOT EXISTS succeeds once. On a cluster
 * the statement runs ON CLUSTER: ZooKeeper orders the distributed DDL queue, every node executes
 * it in that order, so the same runner wins on every node. A loser waits until the table is gone
 * (the winner drops it when done) and tries again. A runner killed while holding the lock leaves
 * the table behind: the error after `timeoutMs` says how to remove it.
 */
export async function withTableLock<T>(warehouse: Warehouse, lockTable: string, run: () => Promise<T>, { timeoutMs = 10 * 60_000, pollMs = 200 } = {}): Promise<T> {
  const lock = warehouse.table(lockTable);
  const onCluster = onClusterClause(warehouse.target);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await warehouse.client.command({ query: `CREATE TABLE ${lock} ${onCluster} (holder String) ENGINE = Log` });
      break;
    } catch (error) {
      if (!ALREADY_EXISTS.test(String(error))) throw error;
    }
    // Held by another runner: wait on this node until it is dropped, without queueing DDL meanwhile.
    while (await lockExists(warehouse, lockTable)) {
      if (Date.now() > deadline) {
        throw new Error(`another process has held ${lock} for over ${timeoutMs} ms; if none is running, remove it with DROP TABLE ${lock} ${onCluster}`);
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
  try {
    return await run();
  } finally {
    await warehouse.client.command({ query: `DROP TABLE IF EXISTS ${lock} ${onCluster}` });
  }
}

/** ClickHouse's "table doesn't exist". */
const DOES_NOT_EXIST = /Code: 60\b/;

async function lockExists(warehouse: Warehouse, lockTable: string): Promise<boolean> {
  try {
    const rows = await queryRows<{ n: number }>(
      warehouse,
      `SELECT count() AS n FROM system.tables WHERE database = ${sqlValue(warehouse.target.database)} AND name = ${sqlValue(lockTable)}`,
    );
    return Number(rows[0]?.n) > 0;
  } catch (error) {
    // 18.16 can fail a read of system.tables with "doesn't exist" while the lock table is being
    // dropped (seen in CI): the lock is on its way out, so look again.
    if (DOES_NOT_EXIST.test(String(error))) return true;
    throw error;
  }
}
