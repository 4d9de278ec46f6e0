import type { Warehouse } from "../client";
import { queryRows } from "../client";
import { LOCAL_SUFFIX } from "../sql/cluster-ddl";
import { sqlList, sqlValue } from "../sql/escape";

/** The tables a view repair reads or writes: facts on one side, what their views wrote on the other. */
export const REPAIRED_TABLES = [
  "responses",
  "tool_call_events",
  "metrics_5m",
  "metrics_1h_by_dimension",
  "tool_call_firsts",
  "tool_call_states",
  "tool_calls_by_response",
  "responses_by_session",
] as const;

const children = (w: Warehouse, path: string) =>
  queryRows<{ name: string; value: string }>(
    w,
    `SELECT name, value FROM system.zookeeper WHERE path = ${sqlValue(path)}`,
  );

/** ZooKeeper's sequential node names end in a 10-digit counter: log-0000000042. */
const sequenceOf = (name: string) => Number(name.slice(name.lastIndexOf("-") + 1));

/**
 * Whether one replicated table's replicas all hold every part written so far: each replica is
 * alive (its ephemeral `is_active` node exists), has copied the whole replication log into its
 * queue (`log_pointer` past the newest entry) and has no part left to fetch (`get` entries).
 * Merges still queued do not matter: they change no sum.
 */
async function tableCaughtUp(w: Warehouse, zooKeeperPath: string): Promise<boolean> {
  const [log, replicas] = await Promise.all([
    children(w, `${zooKeeperPath}/log`),
    children(w, `${zooKeeperPath}/replicas`),
  ]);
  const nextEntry = log.reduce((max, entry) => Math.max(max, sequenceOf(entry.name) + 1), 0);
  const states = await Promise.all(
    replicas.map(async (replica) => {
      const path = `${zooKeeperPath}/replicas/${replica.name}`;
      const [nodes, queue] = await Promise.all([children(w, path), children(w, `${path}/queue`)]);
      const active = nodes.some((node) => node.name === "is_active");
      const logPointer = Number(nodes.find((node) => node.name === "log_pointer")?.value ?? 0);
      const fetches = queue.filter((entry) => /\nget\n/.test(entry.value)).length;
      return active && logPointer >= nextEntry && fetches === 0;
    }),
  );
  return states.every(Boolean);
}

/**
 * Whether the reads of a view repair see every part that was committed, facts and views alike,
 * so that what it compares stays as it is. Always true on a single node. On a cluster the
 * replicated tables of every shard are found through the `cluster` table function (one live
 * replica per shard answers) and their replicas' state is read from ZooKeeper, so a replica that
 * is down, or back and still fetching what its twin took meanwhile, makes the answer false.
 */
export async function clusterSettled(w: Warehouse): Promise<boolean> {
  const { cluster, database } = w.target;
  if (!cluster) return true;
  const tables = await queryRows<{ zookeeper_path: string }>(
    w,
    `SELECT DISTINCT zookeeper_path FROM cluster(${sqlValue(cluster)}, system, replicas)
     WHERE database = ${sqlValue(database)} AND table IN ${sqlList(REPAIRED_TABLES.map((table) => `${table}${LOCAL_SUFFIX}`))}`,
  );
  if (tables.length === 0) return false;
  const caughtUp = await Promise.all(tables.map((table) => tableCaughtUp(w, table.zookeeper_path)));
  return caughtUp.every(Boolean);
}
