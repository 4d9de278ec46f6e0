import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { MachineDescription } from "../machine";
import { carryOver, readResults } from "./carry-over";
import type { BenchResults } from "./results";

const machine = (at: string): MachineDescription => ({
  nproc: 2,
  cpu_model: "cpu",
  memory_gb: 1,
  node_version: "v20",
  clickhouse_version: "18.16.1",
  measured_at: at,
});

describe("carryOver", () => {
  const earlier: BenchResults = {
    machine: machine("earlier"),
    options: {},
    ingest: { events: 1 } as unknown as BenchResults["ingest"],
    label_update: { tenantId: "old" } as unknown as BenchResults["label_update"],
    slowest_queries: { ingest: [], outcomes: [] },
    errors: { freshness: "broke" },
  };
  const now: BenchResults = { machine: machine("now"), options: {}, slowest_queries: {}, errors: {} };

  it("keeps the sections this run does not measure, with the machine they were measured on", () => {
    const merged = carryOver(earlier, now, ["outcomes"]);
    expect(merged.ingest).toEqual(earlier.ingest);
    expect(merged.label_update).toBeUndefined();
    expect(merged.slowest_queries).toEqual({ ingest: [] });
    expect(merged.errors).toEqual({ freshness: "broke" });
    expect(merged.section_machines).toEqual({ ingest: machine("earlier") });
    expect(merged.machine).toEqual(machine("now"));
  });

  it("starts fresh without an earlier file", () => {
    expect(carryOver(undefined, now, ["queries"])).toBe(now);
  });
});

describe("readResults", () => {
  it("answers undefined for a folder without results, and fails on results it cannot read or parse", async () => {
    const dir = await mkdtemp(join(tmpdir(), "bench-results-"));
    try {
      await expect(readResults(dir)).resolves.toBeUndefined();
      await writeFile(join(dir, "bench-results.json"), "{ not json");
      await expect(readResults(dir)).rejects.toThrow(SyntaxError);
      await rm(join(dir, "bench-results.json"));
      await mkdir(join(dir, "bench-results.json"));
      await expect(readResults(dir)).rejects.toMatchObject({ code: "EISDIR" });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
