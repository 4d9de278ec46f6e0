import { createWarehouse, queryRows, type Warehouse } from "@answerscope/warehouse";
import { inject } from "vitest";
import { TEST_CLUSTER_INSTANCE } from "./cluster-global-setup";

/** The nodes in the order of CLICKHOUSE_NODE_URLS: shard 1 replicas 1 and 2, then shard 2. */
export const CLUSTER_NODES = ["s1r1", "s1r2", "s2r1", "s2r2"] as const;
export type ClusterNode = (typeof CLUSTER_NODES)[number];

export function clusterNode(node: ClusterNode): { instance: string; url: string } {
  return {
    instance: `${TEST_CLUSTER_INSTANCE}-${node}`,
    url: inject("clickhouseNodeUrls")[CLUSTER_NODES.indexOf(node)]!,
  };
}

/** A single-node connection to one server, to read what that server itself stores. */
export function nodeWarehouse(node: ClusterNode, database: string): Warehouse {
  return createWarehouse({ url: clusterNode(node).url, database, requestTimeoutMs: 60_000 });
}

/** Rows of a table on one server (its local part, not the Distributed view). */
export async function localCount(node: Warehouse, table: string): Promise<number> {
  return Number((await queryRows<{ n: number }>(node, `SELECT count() AS n FROM ${node.table(table)}`))[0]?.n);
}
