import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./token-bucket";

describe("token bucket per key", () => {
  it("lets a burst through, refuses the next with the seconds until a token is back, and refills", () => {
    let nowMs = 0;
    const limiter = createRateLimiter({ perSecond: 0.5, burst: 3, now: () => nowMs });
    expect([limiter.take("a"), limiter.take("a"), limiter.take("a")]).toEqual([undefined, undefined, undefined]);
    // One token comes back every 2 s.
    expect(limiter.take("a")).toBe(2);
    // Another key has its own bucket.
    expect(limiter.take("b")).toBeUndefined();
    nowMs = 1000;
    expect(limiter.take("a")).toBe(1);
    nowMs = 2000;
    expect(limiter.take("a")).toBeUndefined();
    expect(limiter.take("a")).toBe(2);
  });
});
