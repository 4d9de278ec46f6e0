import { describe, expect, it } from "vitest";
import { ATTRIBUTION_CATALOG } from "@answerscope/contracts/metrics";
import { attributionLabel, latencyBucketLabel, minSampleOf, statusSentence } from "./attribution-catalog";

describe("the attribution view's words", () => {
  it("labels and minimum samples are the catalog's", () => {
    expect(attributionLabel("tool_helpfulness_rate_by_name")).toBe(
      ATTRIBUTION_CATALOG.tool_helpfulness_rate_by_name.label,
    );
    expect(statusSentence("recover_after_negative_rate", "insufficient_sample", 12)).toBe(
      `not computed: n = 12, fewer than ${minSampleOf("recover_after_negative_rate")}`,
    );
    expect(statusSentence("recover_after_negative_rate", "ok", 120)).toBe("");
  });

  it("names latency buckets by their edges, the last one open", () => {
    expect(latencyBucketLabel(0, 1000)).toBe("0–1 s");
    expect(latencyBucketLabel(10_000, 30_000)).toBe("10–30 s");
    expect(latencyBucketLabel(30_000, null)).toBe("30 s and more");
  });
});
