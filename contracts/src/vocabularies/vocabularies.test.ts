import { describe, expect, it } from "vitest";
import {
  BUCKET_LABELS,
  BUCKETS,
  DIMENSION_LABELS,
  DIMENSIONS,
  FINAL_LABELS,
  GOOD_OR_BETTER_LABELS,
  isBucket,
  isDimension,
  isReasonCode,
} from "./index";

describe("vocabularies", () => {
  it("names every dimension and bucket for a reader, and nothing else", () => {
    expect(Object.keys(DIMENSION_LABELS)).toEqual([...DIMENSIONS]);
    expect(Object.keys(BUCKET_LABELS)).toEqual([...BUCKETS]);
  });

  it("counts every label but pending as final, and excellent and good as good or better (docs/metrics.md)", () => {
    expect(FINAL_LABELS).toEqual(["excellent", "good", "neutral", "bad", "failed"]);
    expect(GOOD_OR_BETTER_LABELS).toEqual(["excellent", "good"]);
  });

  it("accepts only the listed values", () => {
    expect([isDimension("channel"), isDimension("tenant_id"), isBucket("hour"), isBucket("week")]).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect([isReasonCode("not_grounded"), isReasonCode("Not grounded"), isReasonCode(undefined)]).toEqual([
      true,
      false,
      false,
    ]);
  });
});
