import { randomBytes } from "node:crypto";
import { describe, expect, it, inject } from "vitest";
import { measureOtlpIngest } from "@answerscope/bench";

/** The bench's otlp section at a tiny scale, so it cannot rot: both paths measured, every answer stored. */
describe("bench otlp section (smoke)", () => {
  it("measures spans/s through /v1/traces and events/s through /v1/events, every answer stored", async () => {
    // measureOtlpIngest fails unless every request was taken whole and the warehouse holds every answer.
    const report = await measureOtlpIngest(inject("clickhouseUrl"), {
      turns: 400,
      runs: 2,
      warmupTurns: 50,
      database: `bench_smoke_otlp_${randomBytes(4).toString("hex")}`,
    });
    expect(report.runs.map((run) => run.first)).toEqual(["otlp", "json"]);
    for (const run of report.runs) {
      expect(run.otlp_spans_per_s).toBeGreaterThan(0);
      expect(run.json_events_per_s).toBeGreaterThan(0);
    }
    expect(report.ratio).toBeCloseTo(report.otlp_spans_per_s / report.json_events_per_s, 1);
    expect(report.goal_met).toBe(report.ratio! >= report.goal_ratio);
  }, 180_000);
});
