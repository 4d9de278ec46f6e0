import { describe, expect, it } from "vitest";
import type { TenantProgress } from "../outcomes/watermarks";
import { WHOLE_RUN, type StoredRunOutcome } from "./evaluator-runs";
import { labelsBlockFor } from "./label-coverage";
import { labelBasedMetrics } from "./label-figures";
import { LABEL_LAG_LIMIT_MS, labelFreshnessOf } from "./label-freshness";
import { storedErrorMessage } from "./stored-error";

const NOW = Date.parse("2026-12-07T12:00:00Z");
const progress = (watermarkMs: number | undefined, maxIngestedAtMs: number): TenantProgress => ({
  tenantId: "t",
  maxIngestedAtMs,
  maxOccurredAtMs: maxIngestedAtMs,
  watermarkMs,
});
const run = (tenantId: string, succeeded: boolean, atMs: number, error = ""): StoredRunOutcome => ({
  tenantId,
  succeeded,
  atMs,
  error,
});

describe("labelFreshnessOf", () => {
  it("is current when nothing was ingested after the watermark, however old", () => {
    const f = labelFreshnessOf(progress(NOW - 86_400_000, NOW - 86_400_000), [run("t", true, NOW - 5_000)], NOW);
    expect(f).toMatchObject({
      evaluated_through: new Date(NOW - 86_400_000).toISOString(),
      caught_up: true,
      lag_seconds: 0,
      stale: false,
      failing: false,
    });
  });

  it("lags from the watermark when rows arrived after it, stale past the limit", () => {
    const behind = (lagMs: number) => labelFreshnessOf(progress(NOW - lagMs, NOW), [run("t", true, NOW - 1_000)], NOW);
    expect(behind(LABEL_LAG_LIMIT_MS)).toMatchObject({ lag_seconds: LABEL_LAG_LIMIT_MS / 1000, stale: false });
    expect(behind(LABEL_LAG_LIMIT_MS + 1_000)).toMatchObject({
      stale: true,
      stale_reason: "lagging",
      caught_up: false,
      evaluated_through: new Date(NOW - LABEL_LAG_LIMIT_MS - 1_000).toISOString(),
    });
  });

  it("is failing while the newest failure is at least as new as the newest success, the run's own or the whole run's", () => {
    const failed = labelFreshnessOf(
      progress(undefined, NOW),
      [run(WHOLE_RUN, true, NOW - 1_000), run("t", false, NOW - 1_000, "Code: 206 ALIAS_REQUIRED")],
      NOW,
    );
    expect(failed).toMatchObject({
      failing: true,
      stale: true,
      stale_reason: "evaluator_failing",
      evaluated_through: null,
      lag_seconds: null,
      last_success_at: null,
    });
    expect(failed.last_error).toEqual({ at: new Date(NOW - 1_000).toISOString(), message: "Code: 206 ALIAS_REQUIRED" });
    const whole = labelFreshnessOf(
      progress(NOW, NOW),
      [run("t", true, NOW - 9_000), run(WHOLE_RUN, false, NOW - 4_000, "down")],
      NOW,
    );
    expect(whole).toMatchObject({
      failing: true,
      stale_reason: "evaluator_failing",
      last_success_at: new Date(NOW - 9_000).toISOString(),
    });
    const otherTenantsRun = labelFreshnessOf(
      progress(NOW, NOW),
      [run("t", false, NOW - 9_000, "boom"), run(WHOLE_RUN, true, NOW - 1_000)],
      NOW,
    );
    expect(otherTenantsRun).toMatchObject({ failing: true, last_success_at: null });
    const noFacts = labelFreshnessOf(
      undefined,
      [run(WHOLE_RUN, false, NOW - 9_000, "down"), run(WHOLE_RUN, true, NOW - 1_000)],
      NOW,
    );
    expect(noFacts).toMatchObject({
      failing: false,
      stale: false,
      last_success_at: new Date(NOW - 1_000).toISOString(),
    });
    const recovered = labelFreshnessOf(
      progress(NOW, NOW),
      [run("t", true, NOW - 1_000), run("t", false, NOW - 4_000, "down")],
      NOW,
    );
    expect(recovered).toMatchObject({ failing: false, stale: false, last_error: { message: "down" } });
  });

  it("is never evaluated when the tenant has facts and no watermark", () => {
    expect(labelFreshnessOf(progress(undefined, NOW), [], NOW)).toMatchObject({
      stale: true,
      stale_reason: "never_evaluated",
      evaluated_through: null,
    });
  });
});

describe("labelsBlockFor", () => {
  const at = (ms: number) => labelFreshnessOf(progress(ms, NOW), [], NOW);
  it("covers a range wholly when caught up, not at all from evaluated_through on, partly before it", () => {
    const range = { fromMs: NOW - 3_600_000, toMs: NOW - 1_800_000 };
    // Behind: a range ending before evaluated_through may still miss late events ingested after it.
    expect(labelsBlockFor(at(NOW - 60_000), range)).toMatchObject({ coverage: "partial", figures_unavailable: null });
    expect(labelsBlockFor(at(NOW - 2_000_000), range)).toMatchObject({
      coverage: "partial",
      figures_unavailable: null,
    });
    expect(labelsBlockFor(at(NOW - 3_600_000), range).coverage).toBe("none");
    // Caught up (nothing ingested after the watermark): every range is covered, however old the watermark.
    expect(labelsBlockFor(labelFreshnessOf(progress(NOW - 7_200_000, NOW - 7_200_000), [], NOW), range).coverage).toBe(
      "full",
    );
    expect(
      labelsBlockFor(labelFreshnessOf(progress(undefined, NOW), [run("t", false, NOW, "boom")], NOW), range),
    ).toMatchObject({
      coverage: "none",
      figures_unavailable: expect.stringContaining("failing (boom)"),
    });
  });
});

describe("labelBasedMetrics", () => {
  it("are the rates read from label rows, plus tool success where tools follow the label rows", () => {
    const fromLabels = [
      "feedback_coverage",
      "thumbs_up_rate",
      "thumbs_down_rate",
      "reask_rate",
      "followup_rate",
      "good_answer_rate",
      "one_turn_resolution_rate",
    ];
    expect(labelBasedMetrics(false)).toEqual(fromLabels);
    expect(labelBasedMetrics(true).sort()).toEqual([...fromLabels, "tool_success_rate"].sort());
  });
});

describe("storedErrorMessage", () => {
  it("drops quoted values and secrets, keeps one short line", () => {
    const message = storedErrorMessage(
      new Error(
        "Code: 60. DB::Exception: Table x.feedback_events doesn't exist\n WHERE tenant_id = 'acme' AND query_text = 'my password' token=abc123",
      ),
    );
    expect(message).toBe(
      "Code: 60. DB::Exception: Table x.feedback_events doesn't exist WHERE tenant_id = '…' AND query_text = '…' token=[REDACTED]",
    );
    expect(storedErrorMessage("x".repeat(1000))).toHaveLength(300);
  });
});
