import { describe, expect, it } from "vitest";
import { withEarlierSections } from "./earlier-sections";
import type { BenchResults } from "./results";

const machine = (measured_at: string) => ({ nproc: 2, cpu_model: "x", memory_gb: 1, node_version: "v20", clickhouse_version: "18.16.1", measured_at });
const base = (measured_at: string): BenchResults => ({ machine: machine(measured_at), options: {}, slowest_queries: {}, errors: {} });

describe("results of an --only run", () => {
  const earlier: BenchResults = {
    ...base("T1"),
    scale: { marker: "scale" } as unknown as BenchResults["scale"],
    freshness: { marker: "freshness" } as unknown as BenchResults["freshness"],
    ingest: { marker: "old ingest" } as unknown as BenchResults["ingest"],
    slowest_queries: { queries: [], ingest: [] },
    errors: { outcomes: "boom" },
  };

  it("keeps the sections it did not run, with the time they were measured, and replaces the ones it ran", () => {
    const fresh = { ...base("T2"), ingest: { marker: "new ingest" } as unknown as BenchResults["ingest"] };
    const merged = withEarlierSections(fresh, earlier, ["ingest"]);
    expect(merged.ingest).toEqual({ marker: "new ingest" });
    expect(merged.scale).toEqual({ marker: "scale" });
    expect(merged.freshness).toEqual({ marker: "freshness" });
    expect(merged.slowest_queries).toEqual({ queries: [] });
    expect(merged.errors).toEqual({ outcomes: "boom" });
    expect(merged.earlier_sections).toEqual({ queries: "T1", outcomes: "T1", freshness: "T1" });
    expect(merged.machine.measured_at).toBe("T2");
    // A later --only run keeps the first run's time for sections neither re-measured.
    expect(withEarlierSections(base("T3"), merged, ["freshness"]).earlier_sections).toEqual({ queries: "T1", outcomes: "T1", ingest: "T2" });
  });

  it("changes nothing without an earlier file or when every section ran", () => {
    expect(withEarlierSections(base("T2"), undefined, ["ingest"])).toEqual(base("T2"));
    expect(withEarlierSections(base("T2"), earlier, ["queries", "outcomes", "ingest", "freshness"])).toEqual(base("T2"));
  });
});
