import { defineConfig } from "vitest/config";
import rootPackage from "./package.json" with { type: "json" };

/** The cluster project's settings: its global setup starts ZooKeeper and 2 x 2 ClickHouse servers. */
const clusterSettings = {
  globalSetup: ["test/src/cluster-global-setup.ts"],
  env: { CLICKHOUSE_CLUSTER: "answerscope" },
  testTimeout: 180_000,
  hookTimeout: 180_000,
  fileParallelism: false,
  // Last, so four servers and ZooKeeper never compete for the 2 cores with the other projects.
  sequence: { groupOrder: 2 },
};

/** Integration suites that also run on the embedded ClickHouse 26.x (the engine-26 project). */
const ENGINE_26_SUITES = [
  "test/integration/facts.test.ts",
  "test/integration/metrics-correctness.test.ts",
  "test/integration/api-figures.test.ts",
  "test/integration/api-snapshots.test.ts",
  "test/integration/outcomes.test.ts",
  "test/integration/outcome-rollup.test.ts",
  "test/integration/outcome-read-bounds.test.ts",
  "test/integration/alerts-exporter.test.ts",
  "test/integration/label-agreement.test.ts",
  "test/integration/samples-page-race.test.ts",
  "test/integration/tool-call-firsts.test.ts",
  "test/integration/tool-call-ownership.test.ts",
  "test/integration/erase-user.test.ts",
  "test/integration/retention.test.ts",
  "test/integration/tenant-fact-times.test.ts",
  "test/integration/view-repairs.test.ts",
  "test/integration/escaping.test.ts",
  "test/integration/label-freshness.test.ts",
  "test/integration/migrations.test.ts",
  "test/integration/langfuse-writeback.test.ts",
  "test/integration/langfuse-feedback-pull.test.ts",
  "test/integration/attribution.test.ts",
  "test/integration/judge.test.ts",
  "test/integration/duplicate-checks.test.ts",
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            // Every workspace's own tests; test/ holds the suites of the other projects and its reference.
            `{${rootPackage.workspaces.filter((name) => name !== "test").join(",")}}/src/**/*.test.ts`,
            "test/reference/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
        },
      },
      {
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          globalSetup: ["test/src/global-setup.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Files share one ClickHouse and one broker on a 2-core machine; each uses its own database and topics.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "engine-26",
          // The suites that check what SQL returns, on ClickHouse 26.x embedded through chDB (the
          // integration project runs them on the 18.16 server), and the embedded engine's own tests.
          include: [...ENGINE_26_SUITES, "test/engine/**/*.test.ts"],
          globalSetup: ["test/src/engine-global-setup.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Each file runs its own engine in its own process; one at a time on a 2-core machine,
          // and after the other projects, so the engine never competes with their servers.
          fileParallelism: false,
          sequence: { groupOrder: 3 },
        },
      },
      {
        test: {
          name: "cluster",
          // The same suites, unchanged, on a local 2-shard x 2-replica cluster, plus the cluster's own.
          include: [
            "test/integration/kafka-ingest.test.ts",
            "test/integration/metrics-correctness.test.ts",
            "test/integration/label-agreement.test.ts",
            "test/integration/tool-call-firsts.test.ts",
            "test/integration/view-repairs.test.ts",
            "test/integration/tenant-fact-times.test.ts",
            "test/integration/table-lock.test.ts",
            "test/integration/api-figures.test.ts",
            "test/integration/erase-user.test.ts",
            "test/integration/retention.test.ts",
            "test/integration/attribution.test.ts",
            "test/integration/judge.test.ts",
            "test/integration/duplicate-checks.test.ts",
            "test/cluster/**/*.test.ts",
          ],
          ...clusterSettings,
        },
      },
      {
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
          // Starts its own ClickHouse, loads generated data, runs the query API and the built dashboard (test/browser/stack/).
          globalSetup: ["test/browser/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // One Chromium and one stack on a 2-core machine; the outage test stops the stack's ClickHouse.
          fileParallelism: false,
          // After the other projects, so two ClickHouse servers and a browser never compete for the cores.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
