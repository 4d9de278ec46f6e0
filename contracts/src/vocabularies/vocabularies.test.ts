import { describe, expect, it } from "vitest";
import { BUCKET_LABELS, BUCKETS, DIMENSION_LABELS, DIMENSIONS, isBucket, isDimension, isReasonCode } from "./index";

describe("vocabularies", () => {
  it("names every dimension and bucket for a reader, and nothing else", () => {
    expect(Object.keys(DIMENSION_LABELS)).toEqual([...DIMENSIONS]);
    expect(Object.keys(BUCKET_LABELS)).toEqual([...BUCKETS]);
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
