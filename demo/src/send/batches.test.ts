import { makeToolCall } from "@answerscope/contracts";
import { describe, expect, it } from "vitest";
import { toDemoMessage } from "../scenario/demo-message";
import { batchesOf, type Clock } from "./batches";

const messagesAt = (times: number[]) =>
  times.map((atMs, i) => toDemoMessage({ atMs, event: makeToolCall({ event_id: `e${i}` }) }));

/** A clock that moves only when slept on. */
function fakeClock(startMs: number): Clock & { sleeps: number[] } {
  let nowMs = startMs;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => nowMs,
    sleep: async (ms) => {
      sleeps.push(ms);
      nowMs += ms;
    },
  };
}

const collect = async (batches: AsyncGenerator<unknown[]>) => {
  const sizes: number[] = [];
  for await (const batch of batches) sizes.push(batch.length);
  return sizes;
};

describe("batchesOf", () => {
  it("cuts a backfill into batches of at most `size`, without waiting", async () => {
    const clock = fakeClock(0);
    expect(
      await collect(batchesOf(messagesAt([50_000, 60_000, 70_000, 80_000, 90_000]), { size: 2, paced: false, clock })),
    ).toEqual([2, 2, 1]);
    expect(clock.sleeps).toEqual([]);
  });

  it("in live mode holds each message until its time, gathering a tick of messages per batch", async () => {
    const clock = fakeClock(1000);
    const sizes = await collect(
      batchesOf(messagesAt([900, 1000, 1050, 1080, 1500, 1520]), { size: 100, paced: true, tickMs: 100, clock }),
    );
    // 900 and 1000 are due; 1050 waits until 1150 and brings 1080 along; 1500 waits until 1600 and brings 1520.
    expect(sizes).toEqual([2, 2, 2]);
    expect(clock.sleeps).toEqual([150, 450]);
  });
});
