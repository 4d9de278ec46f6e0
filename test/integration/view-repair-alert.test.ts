import { INGEST_METRICS } from "@answerscope/alerts";
import { loadIngestConfig, startIngestService } from "@answerscope/ingest";
import { onClusterClause, pendingViewRepairs, recordViewRepairs, VIEW_REPAIRS_LOCK, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metricValue } from "../src/metrics-page";
import { waitFor } from "../src/wait-for";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

type Service = Awaited<ReturnType<typeof startIngestService>>;

const counter = (service: Service, name: string) => metricValue(service.port, name);

/**
 * A process killed while repairing views leaves the repair lock behind (warehouse/src/sql/table-lock.ts):
 * every later round waits for it and fails. AnswerscopeViewRepairsFailing watches the counters this
 * checks (its promtool test: alerts/rules/tests/view-repairs-failing.test.yml).
 */
describe("view repairs behind a lock left by a killed process", () => {
  let warehouse: Warehouse;
  let service: Service | undefined;
  let lock: string;

  beforeAll(async () => {
    const created = await createTestWarehouse("as_repair_lock");
    warehouse = created.warehouse;
    lock = `${warehouse.table(VIEW_REPAIRS_LOCK)} ${onClusterClause(warehouse.target)}`.trim();
    // The lock table as withTableLock creates it; only its existence holds the lock.
    await warehouse.client.command({ query: `CREATE TABLE ${lock} (holder String) ENGINE = Log` });
    await recordViewRepairs(warehouse, [{ tenantId: "t-lock", repairId: "left-by-killed-process", hourStarts: [Math.floor(Date.now() / 3_600_000) * 3_600_000], minIngestedAtMs: Date.now() }]);
    service = await startIngestService(
      loadIngestConfig({
        CLICKHOUSE_URL: created.url,
        CLICKHOUSE_DATABASE: created.database,
        PORT: "0",
        MIGRATE_ON_START: "false",
        ANSWERSCOPE_KEYS: "ingest:t-lock:repair-lock-test-key",
        VIEW_REPAIR_INTERVAL_MS: "300",
        VIEW_REPAIR_SETTLE_MS: "50",
      }),
    );
  });

  afterAll(async () => {
    await service?.stop();
    await dropTestWarehouse(warehouse);
  });

  it("serves every ingest metric the alert rules watch", async () => {
    // The rules name them as strings (alerts/src/metric-names.ts): a rename in ingest/src/metrics.ts shows here.
    for (const name of Object.values(INGEST_METRICS)) expect(await counter(service!, name), name).not.toBeNaN();
  });

  it("counts every failed round and completes none while the lock stays, then repairs once it is dropped", async () => {
    await waitFor(() => counter(service!, INGEST_METRICS.viewRepairFailures), (failures) => failures >= 3, { what: "three failed repair rounds" });
    expect(await counter(service!, INGEST_METRICS.viewRepairRounds)).toBe(0);
    expect(await pendingViewRepairs(warehouse)).toHaveLength(1);

    // The runbook's remedy, which the lock's error message names.
    await warehouse.client.command({ query: `DROP TABLE ${lock}` });
    await waitFor(() => counter(service!, INGEST_METRICS.viewRepairRounds), (rounds) => rounds >= 1, { what: "a completed repair round" });
    await waitFor(() => pendingViewRepairs(warehouse), (pending) => pending.length === 0, { what: "the pending repair to be done" });
    const failuresBefore = await counter(service!, INGEST_METRICS.viewRepairFailures);
    const roundsBefore = await counter(service!, INGEST_METRICS.viewRepairRounds);
    await waitFor(() => counter(service!, INGEST_METRICS.viewRepairRounds), (rounds) => rounds >= roundsBefore + 2, { what: "two more rounds" });
    expect(await counter(service!, INGEST_METRICS.viewRepairFailures)).toBe(failuresBefore);
  });
});
