import { describe, expect, it } from "vitest";
import { lastSecondOfPreviousMonthMs } from "./label-update";

describe("lastSecondOfPreviousMonthMs", () => {
  it("is the last second of the previous UTC month", () => {
    expect(new Date(lastSecondOfPreviousMonthMs(Date.parse("2026-12-05T17:00:00Z"))).toISOString()).toBe(
      "2026-11-30T23:59:59.000Z",
    );
    expect(new Date(lastSecondOfPreviousMonthMs(Date.parse("2026-03-01T00:00:00Z"))).toISOString()).toBe(
      "2026-02-28T23:59:59.000Z",
    );
  });

  it("crosses into the previous year in January", () => {
    expect(new Date(lastSecondOfPreviousMonthMs(Date.parse("2027-01-31T23:59:59Z"))).toISOString()).toBe(
      "2026-12-31T23:59:59.000Z",
    );
  });
});
