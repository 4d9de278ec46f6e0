import { describe, expect, it } from "vitest";
import { loadIngestConfig } from "./config";

describe("loadIngestConfig", () => {
  it("gives up on an unreturned write after two minutes by default, well past a repair round", () => {
    const config = loadIngestConfig({});
    expect(config.VIEW_REPAIR_INTENT_EXPIRY_MS).toBe(120_000);
    expect(config.VIEW_REPAIR_INTERVAL_MS).toBe(10_000);
  });

  it("rejects an expiry within one repair round, naming the variable", () => {
    // Each round stores the cancellations of returned writes: a shorter expiry would repair writes that simply finished.
    expect(() => loadIngestConfig({ VIEW_REPAIR_INTERVAL_MS: "5000", VIEW_REPAIR_INTENT_EXPIRY_MS: "5000" })).toThrow(
      "invalid ingest configuration: VIEW_REPAIR_INTENT_EXPIRY_MS: must be longer than VIEW_REPAIR_INTERVAL_MS",
    );
    expect(
      loadIngestConfig({ VIEW_REPAIR_INTERVAL_MS: "1000", VIEW_REPAIR_INTENT_EXPIRY_MS: "3000" })
        .VIEW_REPAIR_INTENT_EXPIRY_MS,
    ).toBe(3000);
  });

  it("rejects a repair lock lease under a minute, which a live holder's repair could outlast", () => {
    expect(() => loadIngestConfig({ VIEW_REPAIR_LOCK_LEASE_MS: "59999" })).toThrow(
      "invalid ingest configuration: VIEW_REPAIR_LOCK_LEASE_MS: must be at least 60000 ms",
    );
    expect(loadIngestConfig({ VIEW_REPAIR_LOCK_LEASE_MS: "60000" }).VIEW_REPAIR_LOCK_LEASE_MS).toBe(60_000);
    expect(loadIngestConfig({}).VIEW_REPAIR_LOCK_LEASE_MS).toBe(600_000);
  });

  it("holds two batches unwritten by default, the one being written and the next, unless told otherwise", () => {
    expect(loadIngestConfig({}).INGEST_BUFFER_MAX_ROWS).toBe(10_000);
    expect(loadIngestConfig({ INGEST_BATCH_MAX_ROWS: "800" }).INGEST_BUFFER_MAX_ROWS).toBe(1_600);
    expect(
      loadIngestConfig({ INGEST_BATCH_MAX_ROWS: "800", INGEST_BUFFER_MAX_ROWS: "5000" }).INGEST_BUFFER_MAX_ROWS,
    ).toBe(5_000);
  });
});
