import { describe, expect, it } from "vitest";
import { demoMessages, distinctFactRows, factBatchesOf, withRandomIds } from "./demo-fact-batches";

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

describe("withRandomIds", () => {
  const [batch] = factBatchesOf(demoMessages({ events: 3_000, seed: 5, tenants: ["t"] }), 10_000);
  const random = withRandomIds(batch!, ["response_id", "session_id", "target_id"]);

  it("replaces the named ids by hex ids, consistently across the fact tables", () => {
    const responseIds = new Map(batch!.responses.map((row, i) => [row.response_id, random.responses[i]!.response_id]));
    expect(random.responses.every((row) => /^resp_[0-9a-f]{16}_r$/.test(row.response_id))).toBe(true);
    expect(random.responses.every((row) => /^[a-z]+_[0-9a-f]{16}_r$/.test(row.session_id))).toBe(true);
    // Never the generated data set's shape (prefix and hex alone), which --reuse-data counts...
    expect(random.responses.some((row) => /^resp_[0-9a-f]+$/.test(row.response_id))).toBe(false);
    // ...but spread over its key range, as random ids are: the hash right after the prefix.
    const firstHexDigits = new Set(random.responses.map((row) => row.response_id.charAt("resp_".length)));
    expect(firstHexDigits.size).toBe(16);
    const rated = batch!.feedback
      .map((row, i) => [row.target_id, random.feedback[i]!.target_id] as const)
      .filter(([id]) => responseIds.has(id));
    expect(rated.length).toBeGreaterThan(0);
    for (const [before, after] of rated) expect(after).toBe(responseIds.get(before));
    const called = batch!.toolCalls
      .map((row, i) => [row.response_id, random.toolCalls[i]!.response_id] as const)
      .filter(([id]) => responseIds.has(id));
    expect(called.length).toBeGreaterThan(0);
    for (const [before, after] of called) expect(after).toBe(responseIds.get(before));
  });

  it("keeps every other column and the number of distinct rows", () => {
    expect(random.toolCalls.map((row) => row.tool_call_id)).toEqual(batch!.toolCalls.map((row) => row.tool_call_id));
    expect(random.responses.map((row) => row.time_cost_ms)).toEqual(batch!.responses.map((row) => row.time_cost_ms));
    expect(distinctFactRows([random])).toBe(distinctFactRows([batch!]));
  });
});
