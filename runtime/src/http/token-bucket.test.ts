import { describe, expect, it } from "vitest";
import { createRateLimiter, SWEEP_AT_BUCKETS } from "./token-bucket";

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

describe("buckets held", () => {
  it("drops the buckets refilled to full once many are held, and keeps the others' state", () => {
    let nowMs = 0;
    const limiter = createRateLimiter({ perSecond: 1, burst: 2, now: () => nowMs });
    expect([limiter.take("busy"), limiter.take("busy")]).toEqual([undefined, undefined]);
    for (let i = 1; i < SWEEP_AT_BUCKETS; i++) limiter.take(`idle-${i}`);
    expect(limiter.held()).toBe(SWEEP_AT_BUCKETS);
    // A second later every idle bucket is full again; the busy one holds a single token.
    nowMs = 1000;
    expect(limiter.take("late")).toBeUndefined();
    expect(limiter.held()).toBe(2);
    expect([limiter.take("busy"), limiter.take("busy")]).toEqual([undefined, 1]);
  });
});
