import type { Warehouse } from "../client";
import { LOCAL_SUFFIX } from "../sql/cluster-ddl";

/**
 * Where a repair writes rows of a table that only views write: on a cluster its Distributed
 * table has no sharding key (the views write on the shard of the facts), so the repair writes
 * the local table of the node it is connected to. Every reader merges all shards' rows of these
 * signed-sum tables, so which shard holds a correction does not matter.
 */
export function tableWrittenByViews(w: Warehouse, table: string): string {
  return w.target.cluster ? w.table(`${table}${LOCAL_SUFFIX}`) : w.table(table);
}
