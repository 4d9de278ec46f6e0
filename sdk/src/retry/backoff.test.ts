import { describe, expect, it } from "vitest";
import { backoffDelayMs, parseRetryAfter, retryDelayMs, type RetryPolicy } from "./backoff";

const policy: RetryPolicy = { minDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 60_000 };
const NOW = Date.parse("2026-12-07T12:00:00.000Z");

describe("backoffDelayMs", () => {
  it("doubles the ceiling per retry up to maxDelayMs, never below the floor", () => {
    const ceilings = [1, 2, 3, 4, 5, 6].map((retry) => backoffDelayMs(retry, policy, () => 1));
    expect(ceilings).toEqual([100, 200, 400, 800, 1000, 1000]);
    const floors = [1, 2, 5].map((retry) => backoffDelayMs(retry, policy, () => 0));
    expect(floors).toEqual([100, 100, 100]);
  });

  it("spreads clients that failed together: the jitter lands between floor and ceiling", () => {
    expect(backoffDelayMs(3, policy, () => 0.5)).toBe(250);
  });
});

describe("parseRetryAfter", () => {
  it("reads delta-seconds", () => {
    expect(parseRetryAfter("120", NOW)).toBe(120_000);
    expect(parseRetryAfter(" 0 ", NOW)).toBe(0);
  });

  it("reads an HTTP-date as the time until it, a past one as 0", () => {
    expect(parseRetryAfter("Mon, 07 Dec 2026 12:00:30 GMT", NOW)).toBe(30_000);
    expect(parseRetryAfter("Mon, 07 Dec 2026 11:00:00 GMT", NOW)).toBe(0);
  });

  it("gives undefined for no header or an unreadable one, so the backoff applies", () => {
    for (const header of [null, undefined, "", "   ", "soon", "-5", "1.5"])
      expect(parseRetryAfter(header, NOW), String(header)).toBeUndefined();
  });
});

describe("retryDelayMs", () => {
  it("honours Retry-After over the backoff, cut to maxRetryAfterMs", () => {
    expect(retryDelayMs(1, 5_000, policy, () => 0)).toBe(5_000);
    expect(retryDelayMs(1, 0, policy, () => 1)).toBe(0);
    expect(retryDelayMs(1, 3_600_000, policy)).toBe(60_000);
    expect(retryDelayMs(2, undefined, policy, () => 1)).toBe(200);
  });
});
