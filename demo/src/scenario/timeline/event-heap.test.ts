import { makeToolCall } from "@answerscope/contracts";
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../random/seeded-random";
import { EventHeap } from "./event-heap";

describe("EventHeap", () => {
  it("pops in time order, equal times in insertion order", () => {
    const heap = new EventHeap();
    const random = new SeededRandom(3);
    const times = Array.from({ length: 200 }, () => random.int(0, 50));
    times.forEach((atMs, i) => heap.push({ atMs, event: makeToolCall({ event_id: `e${i}` }) }));
    const popped: { atMs: number; id: string }[] = [];
    for (let timed = heap.pop(); timed; timed = heap.pop()) popped.push({ atMs: timed.atMs, id: timed.event.event_id });
    const expected = times.map((atMs, i) => ({ atMs, id: `e${i}` })).sort((a, b) => a.atMs - b.atMs); // sort is stable
    expect(popped).toEqual(expected);
    expect(heap.size).toBe(0);
    expect(heap.peek()).toBeUndefined();
  });
});
