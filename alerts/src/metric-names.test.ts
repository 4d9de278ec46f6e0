import { ALERTABLE_METRICS } from "@answerscope/warehouse";
import { describe, expect, it } from "vitest";
import { CATALOG_GAUGE_METRICS, CATALOG_GAUGES, GAUGES, type GaugeKey } from "./metric-names";

describe("the exporter's gauges of catalog metrics", () => {
  it("export every alertable metric of the catalog, and only those", () => {
    expect([...new Set(Object.values(CATALOG_GAUGE_METRICS))].sort()).toEqual([...ALERTABLE_METRICS].sort());
  });

  // Alert rules, their promtool tests and operators' dashboards watch these names: deriving them
  // from the catalog must keep every one of them.
  it("keep the names and labels the alert rules watch", () => {
    const slice = ["tenant", "model", "channel", "window"];
    expect(
      Object.fromEntries(Object.entries(CATALOG_GAUGES).map(([key, gauge]) => [key, [gauge.name, ...gauge.labels]])),
    ).toEqual({
      windowResponses: ["answerscope_window_responses", ...slice],
      latencyP95: ["answerscope_latency_p95_seconds", ...slice],
      maxIterationRatio: ["answerscope_max_iteration_ratio", ...slice],
      noReplyRatio: ["answerscope_no_reply_ratio", ...slice],
      toolSuccessRatio: ["answerscope_tool_success_ratio", "tenant", "tool_name", "window"],
      toolSuccessSamples: ["answerscope_tool_success_samples", "tenant", "tool_name", "window"],
      thumbsDownRatio: ["answerscope_thumbs_down_ratio", ...slice],
      thumbsDownSamples: ["answerscope_thumbs_down_samples", ...slice],
      reaskRatio: ["answerscope_reask_ratio", ...slice],
      reaskSamples: ["answerscope_reask_samples", ...slice],
      goodAnswerRatio: ["answerscope_good_answer_ratio", ...slice],
      goodAnswerSamples: ["answerscope_good_answer_samples", ...slice],
    });
    expect(GAUGES.thumbsDownSamples.help).toBe(
      "Explicit answer ratings (up or down) given in the window: the denominator of answerscope_thumbs_down_ratio",
    );
  });

  it("cover every ratio gauge: a ratio the exporter publishes is an alertable metric of the catalog", () => {
    const ratios = (Object.keys(GAUGES) as GaugeKey[]).filter((key) => GAUGES[key].name.endsWith("_ratio"));
    expect(ratios.length).toBeGreaterThan(0);
    for (const key of ratios) expect(Object.keys(CATALOG_GAUGE_METRICS), key).toContain(key);
  });
});
