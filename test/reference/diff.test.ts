import { describe, expect, it } from "vitest";
import { diffMetricsRows } from "./diff";
import { FIX_RANGE, fixtureEvents } from "./fixture";
import { referenceMetrics } from "./metrics";

const ref = referenceMetrics(fixtureEvents(), {
  tenant_id: "t1",
  ...FIX_RANGE,
  group_by: ["model"],
  bucket: "hour",
}).rows;

describe("diffMetricsRows", () => {
  it("equal rows (other order, bucket_start without ms, extra fields) -> no difference", () => {
    const actual = [...ref]
      .reverse()
      .map((r) => ({ ...r, bucket_start: r.bucket_start!.replace(".000Z", "Z"), extra: 1 }));
    expect(diffMetricsRows(ref, actual)).toEqual([]);
  });
  it("quantiles within 2 %, everything else exact", () => {
    const ok = ref.map((r) => ({ ...r, latency_p95_ms: r.latency_p95_ms! * 1.019 }));
    expect(diffMetricsRows(ref, ok)).toEqual([]);
    const bad = ref.map((r) => ({ ...r, latency_p95_ms: r.latency_p95_ms! * 1.03 }));
    expect(diffMetricsRows(ref, bad)).toHaveLength(2);
    const rate = ref.map((r, i) => (i === 0 ? { ...r, good_answer_rate: r.good_answer_rate! + 1e-6 } : r));
    expect(diffMetricsRows(ref, rate)).toHaveLength(1);
  });
  it("null vs 0, missing and unexpected rows are differences", () => {
    const zero = ref.map((r, i) => (i === 0 ? { ...r, reask_rate: null } : r));
    expect(diffMetricsRows(ref, zero)).toHaveLength(1);
    expect(diffMetricsRows(ref, ref.slice(1))).toHaveLength(1);
    expect(diffMetricsRows(ref.slice(1), ref)).toHaveLength(1);
    const counts = ref.map((r, i) =>
      i === 0 ? { ...r, outcome_counts: { ...r.outcome_counts, bad: r.outcome_counts.bad + 1 } } : r,
    );
    expect(diffMetricsRows(ref, counts)).toEqual([expect.stringContaining("outcome_counts.bad")]);
  });
});
