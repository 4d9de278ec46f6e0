import { evaluateOutcomes, loadMigrations, migrate, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventBuilder } from "../reference";
import { scannedFactTimes, settledFactTimes, storedFactTimes } from "../src/fact-times";
import { loadRawEvents } from "../src/load-events";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

/**
 * tenant_fact_times (migration 0016) keeps each tenant's newest ingest and event time, which every
 * run of the outcome evaluator starts from, without scanning the facts: each fact table's view
 * must raise them, and nothing else may.
 */
describe("tenant_fact_times", () => {
  let warehouse: Warehouse;
  const a = new EventBuilder("t-times-a");
  const b = new EventBuilder("t-times-b");
  let ingestedAtMs = Date.now() - 3_600_000;
  /** Loads events one second of ingest time after the previous load's. */
  const load = async (events: object[]) => {
    ingestedAtMs = (await loadRawEvents(warehouse, events, { firstIngestedAtMs: ingestedAtMs + 1000 }))
      .lastIngestedAtMs;
  };

  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_tenant_fact_times"));
  });
  afterAll(() => dropTestWarehouse(warehouse));

  it("is empty, not zero, before any fact", async () => {
    expect(await storedFactTimes(warehouse)).toEqual([]);
  });

  it("holds every tenant's maxima over all three fact tables", async () => {
    await load([
      a.response("r1", 0),
      a.tool("c1", "completed", -5, { response_id: "r1" }),
      b.response("r2", 100),
      b.feedback(200, { target_id: "r2", rating: "down" }),
    ]);
    const scanned = await scannedFactTimes(warehouse);
    expect(scanned.map((row) => row.tenant_id)).toEqual(["t-times-a", "t-times-b"]);
    expect(await settledFactTimes(warehouse, scanned)).toEqual(scanned);
    expect(await storedFactTimes(warehouse, "t-times-b")).toEqual(
      scanned.filter((row) => row.tenant_id === "t-times-b"),
    );
  });

  it.each([
    { kind: "tool-call event", event: () => a.tool("c2", "failed", 3_000, { response_id: "r1" }) },
    { kind: "feedback event", event: () => a.feedback(4_000, { target_id: "r1", rating: "up" }) },
    { kind: "response", event: () => a.response("r3", 5_000) },
  ])(
    "a $kind ingested last and occurring last raises both of its tenant's maxima, and only its tenant's",
    async ({ event }) => {
      const before = await storedFactTimes(warehouse, "t-times-b");
      const added = event();
      await load([added]);
      const raised = {
        tenant_id: "t-times-a",
        max_ingested_at_ms: ingestedAtMs,
        max_occurred_at_ms: Date.parse(added.occurred_at),
      };
      expect(await settledFactTimes(warehouse, [raised], "t-times-a")).toEqual([raised]);
      expect(await storedFactTimes(warehouse, "t-times-b")).toEqual(before);
      const scanned = await scannedFactTimes(warehouse);
      expect(await settledFactTimes(warehouse, scanned)).toEqual(scanned);
    },
  );

  it("a late event raises the newest ingest time and keeps the newest event time", async () => {
    const [before] = await storedFactTimes(warehouse, "t-times-a");
    if (!before) throw new Error("t-times-a has no stored fact times");
    await load([a.tool("c3", "completed", -86_400, { response_id: "r1" })]);
    const raised = [{ ...before, max_ingested_at_ms: ingestedAtMs }];
    expect(await settledFactTimes(warehouse, raised, "t-times-a")).toEqual(raised);
  });

  it("is where the outcome evaluator finds the tenants and their newest ingest time", async () => {
    const run = await evaluateOutcomes(warehouse, { settleMs: 0 });
    expect(run.perTenant.map((tenant) => tenant.tenantId)).toEqual(["t-times-a", "t-times-b"]);
    const times = await storedFactTimes(warehouse);
    // settleMs 0 and a clock past every ingest: the watermark is each tenant's newest ingest time.
    expect(run.perTenant.map((tenant) => tenant.watermarkMs)).toEqual(times.map((row) => row.max_ingested_at_ms));
    expect((await evaluateOutcomes(warehouse, { settleMs: 0 })).tenants).toBe(0);
  });
});

describe("migration 0016 on a deployment with facts", () => {
  let warehouse: Warehouse;
  const e = new EventBuilder("t-times-upgrade");

  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_tenant_fact_times_upgrade", {
      // Before 0016, plus the columns today's sink writes that came later (0022's scores), so the
      // rows below fit a table of then: what is under test is 0016's fill, not the row shape.
      migrations: loadMigrations().filter((m) => m.version < 16 || m.version === 22),
    }));
  });
  afterAll(() => dropTestWarehouse(warehouse));

  it("fills the table from the facts stored before it", async () => {
    await loadRawEvents(warehouse, [
      e.response("r1", 0),
      e.tool("c1", "completed", 50, { response_id: "r1" }),
      e.feedback(100, { target_id: "r1", rating: "up" }),
    ]);
    const scanned = await scannedFactTimes(warehouse);
    expect(scanned).toHaveLength(1);
    expect((await migrate(warehouse)).applied).toContain(16);
    expect(await settledFactTimes(warehouse, scanned)).toEqual(scanned);
  });
});
