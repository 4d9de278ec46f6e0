import { describe, expect, it } from "vitest";
import { generateDemoEvents } from "../scenario/generate-events";
import { sendStream, type SendProgress } from "./send-stream";
import type { DemoTransport } from "./transport";

const stream = () =>
  generateDemoEvents({
    events: 500,
    malformedShare: 0.02,
    time: { mode: "backfill", endMs: Date.parse("2026-11-30T00:00:00Z") },
  });

/** A transport that rejects every malformed message, like the collector would. */
const fakeTransport = (failOnBatch = Number.POSITIVE_INFINITY): DemoTransport & { batches: number } => {
  const transport = {
    batches: 0,
    description: "fake",
    async send(batch: readonly { malformed: boolean }[]) {
      if (++transport.batches >= failOnBatch) throw new Error("broker gone");
      const bad = batch.filter((message) => message.malformed);
      return {
        accepted: batch.length - bad.length,
        rejected: bad.map(() => ({ eventId: null, reason: "invalid_json" })),
      };
    },
    close: async () => {},
  };
  return transport;
};

describe("sendStream", () => {
  it("sends every message and counts kinds, malformed, accepted and rejected", async () => {
    const progress: SendProgress[] = [];
    const summary = await sendStream(stream(), fakeTransport(), {
      total: 500,
      size: 100,
      paced: false,
      onProgress: (p) => progress.push(p),
    });

    expect(summary.sent).toBe(500);
    expect(Object.values(summary.sentByKind).reduce((a, b) => a + b)).toBe(500);
    expect(summary.malformedSent).toBe(10);
    expect([...summary.malformedByDefect.values()].reduce((a, b) => a + b)).toBe(10);
    expect(summary).toMatchObject({ accepted: 490, rejected: 10, interrupted: false });
    expect(summary.rejectedByReason).toEqual(new Map([["invalid_json", 10]]));
    expect(summary.failure).toBeUndefined();
    expect(progress.map((p) => p.sent)).toEqual([100, 200, 300, 400, 500]);
  });

  it("returns what got through when the transport fails", async () => {
    const summary = await sendStream(stream(), fakeTransport(3), { total: 500, size: 100, paced: false });
    expect(summary.sent).toBe(200);
    expect(summary.failure?.message).toBe("broker gone");
  });

  it("stops after the batch in flight when aborted", async () => {
    const controller = new AbortController();
    const summary = await sendStream(stream(), fakeTransport(), {
      total: 500,
      size: 100,
      paced: false,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    expect(summary).toMatchObject({ sent: 100, interrupted: true });
  });
});
