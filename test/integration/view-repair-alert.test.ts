import { INGEST_METRICS } from "@answerscope/alerts";
import { loadIngestConfig, startIngestService } from "@answerscope/ingest";
import {
  lockTableDdl,
  pendingViewRepairs,
  recordViewRepairs,
  VIEW_REPAIRS_LOCK,
  type Warehouse,
} from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metricValue, waitFor } from "@answerscope/test-kit";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

type Service = Awaited<ReturnType<typeof startIngestService>>;

const counter = (service: Service, name: string) => metricValue(service.port, name);

const LEASE_MS = 600_000;

/**
 * A process killed while repairing views leaves the repair lock behind (warehouse/src/sql/table-lock.ts):
 * every later round waits for it and fails until the lock's lease has passed, then takes it over.
 * AnswerscopeViewRepairsFailing watches the counters this checks (its promtool test:
 * alerts/rules/tests/view-repairs-failing.test.yml).
 */
describe("view repairs behind a lock left by a killed process", () => {
  let warehouse: Warehouse;
  let service: Service | undefined;

  beforeAll(async () => {
    const created = await createTestWarehouse("as_repair_lock");
    warehouse = created.warehouse;
    // The lock as a holder killed a moment ago left it: within its lease.
    await warehouse.client.command({
      query: lockTableDdl(warehouse, VIEW_REPAIRS_LOCK, { holder: "killed-worker:1", acquiredAtMs: Date.now() }),
    });
    await recordViewRepairs(warehouse, [
      {
        tenantId: "t-lock",
        repairId: "left-by-killed-process",
        hourStarts: [Math.floor(Date.now() / 3_600_000) * 3_600_000],
        minIngestedAtMs: Date.now(),
      },
    ]);
    service = await startIngestService(
      loadIngestConfig({
        CLICKHOUSE_URL: created.url,
        CLICKHOUSE_DATABASE: created.database,
        PORT: "0",
        MIGRATE_ON_START: "false",
        ANSWERSCOPE_KEYS: "ingest:t-lock:repair-lock-test-key",
        VIEW_REPAIR_INTERVAL_MS: "300",
        VIEW_REPAIR_SETTLE_MS: "50",
        VIEW_REPAIR_LOCK_LEASE_MS: String(LEASE_MS),
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

  it("counts every failed round and completes none while the lock is within its lease, then takes it over and repairs", async () => {
    await waitFor(
      () => counter(service!, INGEST_METRICS.viewRepairFailures),
      (failures) => failures >= 3,
      { what: "three failed repair rounds" },
    );
    expect(await counter(service!, INGEST_METRICS.viewRepairRounds)).toBe(0);
    expect(await pendingViewRepairs(warehouse)).toHaveLength(1);

    // The same lock with its lease run out (as ten minutes later), swapped in by one RENAME, which
    // ClickHouse runs under its global DDL lock: no round can take the lock in between.
    const expired = `${VIEW_REPAIRS_LOCK}_expired`;
    await warehouse.client.command({
      query: lockTableDdl(warehouse, expired, {
        holder: "killed-worker:1",
        acquiredAtMs: Date.now() - LEASE_MS - 1_000,
      }),
    });
    await warehouse.client.command({
      query: `RENAME TABLE ${warehouse.table(VIEW_REPAIRS_LOCK)} TO ${warehouse.table(`${VIEW_REPAIRS_LOCK}_fresh`)}, ${warehouse.table(expired)} TO ${warehouse.table(VIEW_REPAIRS_LOCK)}`,
    });
    await waitFor(
      () => counter(service!, INGEST_METRICS.viewRepairRounds),
      (rounds) => rounds >= 1,
      { what: "a completed repair round" },
    );
    await waitFor(
      () => pendingViewRepairs(warehouse),
      (pending) => pending.length === 0,
      { what: "the pending repair to be done" },
    );
    const failuresBefore = await counter(service!, INGEST_METRICS.viewRepairFailures);
    const roundsBefore = await counter(service!, INGEST_METRICS.viewRepairRounds);
    await waitFor(
      () => counter(service!, INGEST_METRICS.viewRepairRounds),
      (rounds) => rounds >= roundsBefore + 2,
      { what: "two more rounds" },
    );
    expect(await counter(service!, INGEST_METRICS.viewRepairFailures)).toBe(failuresBefore);
  });
});
