import { describe, expect, it } from "vitest";
import { demoMessages, distinctFactRows, factBatchesOf } from "./demo-fact-batches";

describe("distinctFactRows", () => {
  it("counts an event repeated within a batch or across batches once", () => {
    const [message] = demoMessages({ events: 1, seed: 1, tenants: ["t"] });
    const [batch] = factBatchesOf([message!, message!], 10);
    expect(batch!.responses.length + batch!.toolCalls.length + batch!.feedback.length).toBe(2);
    expect(distinctFactRows([batch!])).toBe(1);
    expect(distinctFactRows([batch!, batch!])).toBe(1);
  });

  it("counts every row of the demo mix, whose events are all distinct", () => {
    const batches = factBatchesOf(demoMessages({ events: 2_000, seed: 7, tenants: ["a", "b"] }), 500);
    expect(distinctFactRows(batches)).toBe(2_000);
  });
});
