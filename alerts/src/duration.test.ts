import { describe, expect, it } from "vitest";
import { DurationSchema, durationMs } from "./duration";

describe("durations", () => {
  it("reads single-unit Prometheus durations", () => {
    expect(durationMs("250ms")).toBe(250);
    expect(durationMs("30s")).toBe(30_000);
    expect(durationMs("5m")).toBe(300_000);
    expect(durationMs("1h")).toBe(3_600_000);
    expect(durationMs("1d")).toBe(86_400_000);
  });

  it("rejects what Prometheus would not read the same way", () => {
    for (const bad of ["5", "1h30m", "-5m", "5 m", "1y", ""]) {
      expect(DurationSchema.safeParse(bad).success).toBe(false);
      expect(() => durationMs(bad)).toThrow(RangeError);
    }
  });
});
