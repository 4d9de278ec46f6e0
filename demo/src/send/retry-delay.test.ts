import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./retry-delay";

describe("retryDelayMs", () => {
  it("doubles from the base up to the cap, with jitter in the upper half", () => {
    expect(retryDelayMs(1, 100, 5000, null, () => 1)).toBe(100);
    expect(retryDelayMs(3, 100, 5000, null, () => 1)).toBe(400);
    expect(retryDelayMs(3, 100, 5000, null, () => 0)).toBe(200);
    expect(retryDelayMs(20, 100, 5000, null, () => 1)).toBe(5000);
  });

  it("follows the server's Retry-After seconds, capped", () => {
    expect(retryDelayMs(1, 100, 5000, "2")).toBe(2000);
    expect(retryDelayMs(1, 100, 5000, "60")).toBe(5000);
    expect(retryDelayMs(1, 100, 5000, "Wed, 21 Oct 2015 07:28:00 GMT", () => 1)).toBe(100);
  });
});
