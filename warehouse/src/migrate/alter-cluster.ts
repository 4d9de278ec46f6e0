import type { Warehouse } from "../client";
import { queryRows } from "../client";

export interface ClusterReplicaRow {
  cluster: string;
  shard_num: number;
  host_address: string;
  port: number;
}

/**
 * The cluster an ALTER of the replicated local tables runs ON: another cluster of
 * `remote_servers` that names exactly one replica of each of `main`'s shards, else `main`.
 *
 * ClickHouse 18.16 runs an ALTER of a replicated table ON CLUSTER on one replica per shard, but
 * two replicas of a shard can both take the task when one finishes it just as the other looks:
 * the second then fails to mark it done ("Node exists" in ZooKeeper) and its DDL worker runs no
 * ON CLUSTER statement afterwards (seen in this project's tests: every later migration waited
 * until its timeout). With one replica per shard there is no second taker; replication carries
 * the ALTER to the other replicas.
 */
export function oneReplicaCluster(rows: readonly ClusterReplicaRow[], main: string): string {
  const replicasOf = (cluster: string) => {
    const shards = new Map<number, Set<string>>();
    for (const row of rows.filter((r) => r.cluster === cluster)) {
      const replicas = shards.get(Number(row.shard_num)) ?? new Set<string>();
      replicas.add(`${row.host_address}:${row.port}`);
      shards.set(Number(row.shard_num), replicas);
    }
    return shards;
  };
  const mainShards = [...replicasOf(main).values()];
  if (mainShards.length === 0) return main;
  const candidates = [...new Set(rows.map((row) => row.cluster))].filter((cluster) => cluster !== main).sort();
  for (const cluster of candidates) {
    const shards = [...replicasOf(cluster).values()];
    if (shards.length !== mainShards.length || shards.some((replicas) => replicas.size !== 1)) continue;
    const chosen = shards.map((replicas) => [...replicas][0]!);
    // Each of main's shards holds exactly one of the chosen replicas.
    if (mainShards.every((replicas) => chosen.filter((address) => replicas.has(address)).length === 1)) return cluster;
  }
  return main;
}

/** oneReplicaCluster over this server's `system.clusters`. */
export async function alterClusterOf(w: Warehouse): Promise<string | undefined> {
  const main = w.target.cluster;
  if (!main) return undefined;
  const rows = await queryRows<ClusterReplicaRow>(
    w,
    "SELECT cluster, shard_num, host_address, port FROM system.clusters",
  );
  return oneReplicaCluster(rows, main);
}
