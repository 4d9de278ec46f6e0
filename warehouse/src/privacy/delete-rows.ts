import { queryRows, type Warehouse } from "../client";
import { alterClusterOf } from "../migrate/alter-cluster";
import { LOCAL_SUFFIX } from "../sql/cluster-ddl";
import { assertIdentifier } from "../sql/ddl";
import { sqlValue } from "../sql/escape";

/**
 * The statement that deletes `condition`'s rows of `table`. On a cluster `table` is a Distributed
 * table, which has no mutations: the deletion runs on its replicated local tables, ON CLUSTER the
 * cluster of one replica per shard the migrations alter through (migrate/alter-cluster.ts), and
 * replication carries it to the other replicas.
 */
export function deleteStatement(w: Warehouse, table: string, condition: string, alterCluster?: string): string {
  if (!w.target.cluster) return `ALTER TABLE ${w.table(table)} DELETE WHERE ${condition}`;
  const cluster = assertIdentifier("cluster", alterCluster ?? w.target.cluster);
  return `ALTER TABLE ${w.table(`${table}${LOCAL_SUFFIX}`)} ON CLUSTER ${cluster} DELETE WHERE ${condition}`;
}

/** How many rows of `table` match `condition` (read through the Distributed table on a cluster). */
export async function countRows(w: Warehouse, table: string, condition: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(w, `SELECT count() AS n FROM ${w.table(table)} WHERE ${condition}`);
  return Number(row?.n ?? 0);
}

/** Deletes `condition`'s rows of each table, one ALTER ... DELETE each, then waits until every one is done. */
export async function deleteRows(w: Warehouse, deletions: readonly { table: string; condition: string }[]) {
  if (deletions.length === 0) return;
  const alterCluster = await alterClusterOf(w);
  for (const { table, condition } of deletions)
    await w.client.command({ query: deleteStatement(w, table, condition, alterCluster) });
  await mutationsDone(w);
}

/** The servers whose mutations are waited for: this one, or every replica of the cluster (`host:port`, native protocol). */
async function mutationSources(w: Warehouse): Promise<string[]> {
  const table = "system.mutations";
  if (!w.target.cluster) return [table];
  const replicas = await queryRows<{ address: string }>(
    w,
    `SELECT DISTINCT concat(host_name, ':', toString(port)) AS address FROM system.clusters WHERE cluster = ${sqlValue(w.target.cluster)}`,
  );
  return replicas.map((replica) => `remote(${sqlValue(replica.address)}, ${table})`);
}

/**
 * Until every mutation of the database is done on every replica: ALTER TABLE ... DELETE returns
 * before its rows are gone (ClickHouse 18.16 has no `mutations_sync`), and on a cluster each
 * replica applies it in its own time.
 */
export async function mutationsDone(w: Warehouse, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const sources = await mutationSources(w);
  for (;;) {
    const counts = await Promise.all(
      sources.map(async (source) => {
        const [row] = await queryRows<{ n: number }>(
          w,
          `SELECT count() AS n FROM ${source} WHERE database = ${sqlValue(w.target.database)} AND is_done = 0`,
        );
        return Number(row?.n ?? 0);
      }),
    );
    if (counts.every((n) => n === 0)) return;
    if (Date.now() > deadline) throw new Error(`deletions did not finish within ${timeoutMs} ms (system.mutations)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
