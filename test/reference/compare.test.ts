import { describe, expect, it } from "vitest";
import { EventBuilder } from "./builders";
import { referenceCompare } from "./compare";
import type { RawEvent } from "./types";

function data(): RawEvent[] {
  const e = new EventBuilder("t1");
  const evs: RawEvent[] = [];
  const add = (pv: string, n: number, errors: number) => {
    for (let i = 0; i < n; i++) {
      evs.push(
        e.response(`${pv}-${i}`, i, {
          session_id: `${pv}-s${i}`,
          prompt_version: pv,
          finish_reason: i < errors ? "error" : "stop",
        }),
      );
    }
  };
  add("A", 40, 10);
  add("B", 50, 25);
  add("C", 20, 5);
  return evs;
}
const base = {
  tenant_id: "t1",
  from: "2026-11-30T10:00:00.000Z",
  to: "2026-11-30T11:00:00.000Z",
  metric: "error_rate",
  dimension: "prompt_version",
} as const;

describe("referenceCompare", () => {
  it("rates, Wilson intervals, difference and pooled z-test", () => {
    const r = referenceCompare(data(), { ...base, a: "A", b: "B" });
    expect(r.a).toMatchObject({ value: "A", rate: 0.25, numerator: 10, denominator: 40, insufficient_data: false });
    expect(r.b).toMatchObject({ value: "B", rate: 0.5, numerator: 25, denominator: 50, insufficient_data: false });
    // Wilson 10/40 and 25/50 (independently computed)
    expect(r.a.ci_low).toBeCloseTo(0.141871, 5);
    expect(r.a.ci_high).toBeCloseTo(0.40194, 5);
    expect(r.b.ci_low).toBeCloseTo(0.366445, 5);
    expect(r.b.ci_high).toBeCloseTo(0.633555, 5);
    expect(r.difference).toBeCloseTo(0.25, 12);
    expect(r.z).toBeCloseTo(2.41747, 4);
    expect(r.p_value).toBeCloseTo(0.015629, 4);
    expect(r.significant).toBe(true);
    expect(r.insufficient_data).toBe(false);
  });
  it("fewer than 30 in a denominator: insufficient_data, no difference", () => {
    const r = referenceCompare(data(), { ...base, a: "A", b: "C" });
    expect(r.b).toMatchObject({ rate: 0.25, denominator: 20, insufficient_data: true });
    expect(r.b.ci_low).not.toBeNull();
    expect(r).toMatchObject({ difference: null, z: null, p_value: null, significant: false, insufficient_data: true });
  });
  it("an empty slice: rate and interval null", () => {
    const r = referenceCompare(data(), { ...base, a: "A", b: "Z" });
    expect(r.b).toMatchObject({
      rate: null,
      numerator: 0,
      denominator: 0,
      ci_low: null,
      ci_high: null,
      insufficient_data: true,
    });
  });
  it("not significant when the rates are close", () => {
    const r = referenceCompare(data(), { ...base, a: "A", b: "A" });
    expect(r).toMatchObject({ difference: 0, z: 0, significant: false });
    expect(r.p_value).toBeCloseTo(1, 9);
  });
});
