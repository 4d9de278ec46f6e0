import { describe, expect, it } from "vitest";
import { BatchQueue } from "./batch-queue";

describe("BatchQueue", () => {
  it("refuses and counts what does not fit", () => {
    const queue = new BatchQueue(2);
    expect([queue.offer("1"), queue.offer("2"), queue.offer("3"), queue.offer("4")]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(queue.size).toBe(2);
    expect(queue.refused).toBe(2);
    queue.drop(1);
    expect(queue.offer("5")).toBe(true);
    expect(queue.head(10, 100)).toEqual({ body: "[2,5]", count: 2 });
  });

  it("cuts a batch at maxEvents and at maxChars, oldest first, but sends a lone large event", () => {
    const queue = new BatchQueue(10);
    for (const json of ['{"a":1}', '{"b":2}', '{"c":3}']) queue.offer(json);
    expect(queue.head(2, 1000)).toEqual({ body: '[{"a":1},{"b":2}]', count: 2 });
    // [ + 7 + , + 7 + ] = 17 characters for two events.
    expect(queue.head(10, 17).count).toBe(2);
    expect(queue.head(10, 16).count).toBe(1);
    expect(queue.head(10, 3)).toEqual({ body: '[{"a":1}]', count: 1 });
  });
});
