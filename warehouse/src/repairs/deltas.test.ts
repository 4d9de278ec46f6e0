import { describe, expect, it } from "vitest";
import { emptySums } from "../metrics/response-sums";
import { callDeltasOf } from "./call-deltas";
import { sumsDeltas, sumStateExpressions } from "./sums-delta";

describe("call-keyed view deltas", () => {
  const sorted = <T extends Record<string, unknown>>(rows: T[]) =>
    rows.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

  it("tool_call_firsts: adds the missing +1 at a call's first time and retracts what stands at any other time", () => {
    const truth = [
      { tool_call_id: "lost", first_at_ms: 100 },
      { tool_call_id: "moved", first_at_ms: 200 },
      { tool_call_id: "right", first_at_ms: 300 },
    ];
    const stored = [
      { tool_call_id: "moved", first_at_ms: 250, sign: 1 },
      { tool_call_id: "right", first_at_ms: 300, sign: 1 },
      { tool_call_id: "doubled", first_at_ms: 400, sign: 2 },
    ];
    expect(sorted(callDeltasOf("tool_call_firsts", truth, stored))).toEqual([
      { tool_call_id: "doubled", first_at_ms: 400, sign: -2 },
      { tool_call_id: "lost", first_at_ms: 100, sign: 1 },
      { tool_call_id: "moved", first_at_ms: 200, sign: 1 },
      { tool_call_id: "moved", first_at_ms: 250, sign: -1 },
    ]);
  });

  it("tool_call_states: the whole state is the key", () => {
    const state = { first_at_ms: 100, status: "completed", tool_name: "search", error_category: "", duration_ms: 40 };
    const truth = [{ tool_call_id: "c", ...state }];
    const stored = [
      { tool_call_id: "c", ...state, status: "started", duration_ms: -1, sign: 1 },
      { tool_call_id: "right", ...state, sign: 1 },
    ];
    expect(sorted(callDeltasOf("tool_call_states", [...truth, { tool_call_id: "right", ...state }], stored))).toEqual([
      { tool_call_id: "c", ...state, sign: 1 },
      { tool_call_id: "c", ...state, status: "started", duration_ms: -1, sign: -1 },
    ]);
  });
});

describe("signed-sum deltas", () => {
  const sums = (responses: number, histogram: [number, number][]) => ({
    ...emptySums(),
    responses,
    tokens: responses * 10,
    histogram: new Map(histogram),
  });

  it("gives truth minus stored per key, for keys on either side, and leaves out keys already right", () => {
    const truth = new Map([
      [
        "k1",
        {
          key: "k1",
          sums: sums(3, [
            [5, 2],
            [6, 1],
          ]),
        },
      ],
      ["k2", { key: "k2", sums: sums(1, [[5, 1]]) }],
    ]);
    const stored = new Map([
      ["k1", { key: "k1", sums: sums(1, [[5, 1]]) }],
      ["k2", { key: "k2", sums: sums(1, [[5, 1]]) }],
      ["k3", { key: "k3", sums: sums(2, [[7, 2]]) }],
    ]);
    expect(sumsDeltas(truth, stored)).toEqual([
      {
        key: "k1",
        sums: sums(2, [
          [5, 1],
          [6, 1],
        ]),
      },
      { key: "k3", sums: sums(-2, [[7, -2]]) },
    ]);
  });

  it("writes a delta as the views' aggregate states, histogram buckets in order", () => {
    const expressions = sumStateExpressions(
      sums(-2, [
        [9, -1],
        [4, -1],
      ]),
    );
    expect(expressions[0]).toBe("sumState(toInt64(-2)) AS responses");
    expect(expressions.at(-1)).toBe(
      "sumMapState(CAST([4, 9] AS Array(UInt16)), CAST([-1, -1] AS Array(Int64))) AS latency_histogram",
    );
    expect(sumStateExpressions(emptySums()).at(-1)).toBe(
      "sumMapState(emptyArrayUInt16(), emptyArrayInt64()) AS latency_histogram",
    );
  });
});
