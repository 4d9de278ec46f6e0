import type { TestProject } from "vitest/node";
import { buildServices } from "../../scripts/build-services";
import { startClickHouseCluster, stopClickHouseCluster } from "@answerscope/test-kit";

declare module "vitest" {
  export interface ProvidedContext {
    clickhouseNodeUrls: string[];
  }
}

/** The name of the local cluster the `cluster` project starts (services/clickhouse-cluster). */
export const TEST_CLUSTER_INSTANCE = "test-cluster";

/**
 * The `cluster` project: the same suites against a local 2-shard x 2-replica ClickHouse cluster
 * (services/clickhouse-cluster). The project sets CLICKHOUSE_CLUSTER in its own environment, so
 * test warehouses and every process a test starts run in cluster mode; the URL is provided
 * like the single-node one, never put in process.env (the other projects share this process).
 */
export default async function setup(project: TestProject) {
  await buildServices();
  const cluster = await startClickHouseCluster(TEST_CLUSTER_INSTANCE);
  if (cluster.cluster !== project.config.env?.CLICKHOUSE_CLUSTER) {
    throw new Error(
      `the local cluster is named ${cluster.cluster}, the cluster project expects ${project.config.env?.CLICKHOUSE_CLUSTER}`,
    );
  }
  project.provide("clickhouseUrl", cluster.url);
  project.provide("clickhouseNodeUrls", cluster.nodeUrls);
  return async () => {
    await stopClickHouseCluster(TEST_CLUSTER_INSTANCE, { wipe: true });
  };
}
