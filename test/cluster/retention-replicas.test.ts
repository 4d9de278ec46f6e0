import { loadPrivacyConfig, runRetentionRound, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateEdgeCaseDataset } from "../reference";
import { CLUSTER_NODES, localCount, nodeWarehouse } from "../src/cluster";
import { loadThroughSink } from "../src/load-through-sink";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

const TENANT = "t-acme";
// The data set's answers run from 2026-11-28 22:00 to 2026-12-01: a retention of one day on
// 2026-12-07 deletes every one of them.
const NOW_MS = Date.parse("2026-12-07T12:00:00Z");

/**
 * On a cluster the deletion runs on one replica per shard and replication carries it to the
 * other: the round returns only once every replica applied it, so no node serves a deleted row
 * afterwards (reads may go to any live replica).
 */
describe("retention on every replica", () => {
  let w: Warehouse;
  let nodes: Warehouse[];
  let database: string;

  beforeAll(async () => {
    ({ warehouse: w, database } = await createTestWarehouse("as_cretention"));
    nodes = CLUSTER_NODES.map((node) => nodeWarehouse(node, database));
    const events = (generateEdgeCaseDataset(42).events as unknown as { tenant_id: string }[]).filter(
      (event) => event.tenant_id === TENANT,
    );
    await loadThroughSink(w, events);
  });

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.close()));
    await dropTestWarehouse(w);
  });

  it("has no deleted row left on any replica once the round returns", async () => {
    const stored = await Promise.all(nodes.map((node) => localCount(node, "responses_local")));
    // Each shard holds some of the answers, on both its replicas.
    expect(
      stored.every((n) => n > 0),
      JSON.stringify(stored),
    ).toBe(true);
    const config = loadPrivacyConfig({ ANSWERSCOPE_PRIVACY: JSON.stringify({ default: { retention_days: 1 } }) });
    await runRetentionRound(w, config, { nowMs: NOW_MS, lockTimeoutMs: 60_000, lockLeaseMs: 60_000 });
    const left = await Promise.all(
      nodes.flatMap((node) =>
        ["responses_local", "tool_call_events_local", "metrics_5m_local"].map((table) => localCount(node, table)),
      ),
    );
    expect(left).toEqual(left.map(() => 0));
  });
});
