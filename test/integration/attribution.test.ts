import { evaluateOutcomes, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  attributionFromState,
  buildTenantState,
  EventBuilder,
  type EdgeCaseDataset,
  type Filters,
  type RawEvent,
  type TenantState,
} from "../reference";

import { loadApiDataset } from "../src/api-dataset";
import { loadThroughSink } from "../src/load-through-sink";
import { qs, startTestApi, TEST_KEY_ENTRIES, TEST_KEYS, type TestApi } from "../src/api-server";
import { dropTestWarehouse } from "../src/warehouse";

/**
 * GET /api/v1/attribution against the reference's own computation of docs/metrics.md
 * "Attribution" (test/reference/attribution.ts), answer by answer from the events, over the
 * edge-case data set loaded through the real sink and labelled by the real evaluator. Counts and
 * statuses exactly, rates, intervals and correlations to 1e-9.
 */
const KEY: Record<string, string> = { "t-acme": TEST_KEYS.acmeRead, "t-globex": TEST_KEYS.globexRead };
const MINUTE = 60_000;

let warehouse: Warehouse;
let dataset: EdgeCaseDataset;
let api: TestApi;
const states = new Map<string, TenantState>();

/** An answer that names its tool twice (the data set's lists are distinct), rated up: it counts once. */
function toolNamedTwice(): RawEvent[] {
  const middle = (Date.parse(dataset.range.from) + Date.parse(dataset.range.to)) / 2;
  const b = new EventBuilder("t-acme", new Date(middle).toISOString(), "attr-e");
  const session = { session_id: "attr-s1", query_category: "web_search" };
  return [
    b.response("attr-r1", 0, { ...session, tool_count: 2, tools_used_names: ["attr-tool", "attr-tool"] }),
    b.feedback(5, { target_id: "attr-r1", rating: "up", session_id: "attr-s1" }),
  ];
}

beforeAll(async () => {
  const loaded = await loadApiDataset("as_attribution");
  ({ warehouse, dataset } = loaded);
  const extra = toolNamedTwice();
  await loadThroughSink(warehouse, extra, 250, { receivedAtMs: loaded.nextReceivedAtMs });
  await evaluateOutcomes(warehouse, { settleMs: 0, now: Date.now() + 3_600_000 });
  api = await startTestApi({ warehouse, keys: TEST_KEY_ENTRIES });
  const events = [...dataset.events, ...extra];
  for (const tenant of dataset.tenants) states.set(tenant, buildTenantState(events, tenant));
});
afterAll(async () => {
  await api?.close();
  if (warehouse) await dropTestWarehouse(warehouse);
});

function ranges() {
  const from = Date.parse(dataset.range.from);
  const to = Date.parse(dataset.range.to);
  return [
    { name: "whole", from, to },
    { name: "part", from: from + 7 * 60 * MINUTE + 13_457, to: to - 9 * 60 * MINUTE },
    { name: "empty", from: from - 30 * 24 * 60 * MINUTE, to: from - 29 * 24 * 60 * MINUTE },
  ];
}

const FILTERS: Filters[] = [
  {},
  { channel: ["web", "slack"] },
  { query_category: ["bug_diagnosis", "general_qa"] },
  { tool_used: ["yes"] },
  { model: ["'; DROP TABLE responses; --", "\\'"] },
];

/** Equal, with non-integer numbers (rates, intervals, rho) within 1e-9. */
function expectClose(actual: unknown, expected: unknown, path = "$"): void {
  if (typeof expected === "number" && !Number.isInteger(expected)) {
    expect(typeof actual, path).toBe("number");
    expect(Math.abs((actual as number) - expected), path).toBeLessThan(1e-9);
  } else if (expected !== null && typeof expected === "object") {
    expect(actual !== null && typeof actual === "object", path).toBe(true);
    const keys = Object.keys(expected);
    expect(Object.keys(actual as object).sort(), path).toEqual(keys.sort());
    for (const key of keys)
      expectClose(
        (actual as Record<string, unknown>)[key],
        (expected as Record<string, unknown>)[key],
        `${path}.${key}`,
      );
  } else {
    expect(actual, path).toEqual(expected);
  }
}

async function attribution(tenant: string, range: { from: number; to: number }, filters: Filters) {
  const pairs: [string, string][] = [
    ["from", new Date(range.from).toISOString()],
    ["to", new Date(range.to).toISOString()],
    ...Object.entries(filters).flatMap(([name, values]) =>
      (values ?? []).map((value): [string, string] => [name, value]),
    ),
  ];
  const res = await api.get(`/api/v1/attribution?${qs(pairs)}`, KEY[tenant]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("attribution route equals the reference", () => {
  const seen = {
    ok: new Set<string>(),
    toolRows: 0,
    negatives: 0,
    toolNamedTwice: 0,
    abandoned: 0,
    abandonmentPending: 0,
    repeatedDown: 0,
  };

  it("matches on every tenant, range and filter", async () => {
    for (const tenant of dataset.tenants)
      for (const range of ranges())
        for (const filters of FILTERS) {
          const { labels, ...actual } = await attribution(tenant, range, filters);
          expect(labels.coverage).toBe("full");
          const expected = attributionFromState(states.get(tenant)!, {
            tenant_id: tenant,
            from: new Date(range.from).toISOString(),
            to: new Date(range.to).toISOString(),
            filters,
          });
          expectClose(actual, expected, `${tenant} ${range.name} ${JSON.stringify(filters)}`);
          const correlations = expected.latency_vs_feedback_correlation;
          if (expected.recover_after_negative_rate.status === "ok") seen.ok.add("recover");
          if (expected.tokens_per_positive_answer.status === "ok") seen.ok.add("tokens");
          for (const name of ["abandonment_rate", "down_rating_severity", "repeated_down_rate"] as const)
            if (expected[name].status === "ok") seen.ok.add(name);
          seen.abandoned += expected.abandonment_rate.numerator;
          seen.abandonmentPending += expected.abandonment_rate.pending;
          seen.repeatedDown += expected.repeated_down_rate.numerator;
          if (expected.tool_helpfulness_rate_by_name.some((row) => row.difference !== null)) seen.ok.add("tools");
          if (correlations.thumbs_down.status === "ok" && correlations.good_answer.status === "ok")
            seen.ok.add("correlation");
          seen.toolRows += expected.tool_helpfulness_rate_by_name.length;
          seen.negatives += expected.recover_after_negative_rate.negatives;
          const twice = expected.tool_helpfulness_rate_by_name.find((row) => row.tool_name === "attr-tool");
          seen.toolNamedTwice += twice?.used.denominator ?? 0;
        }
  });

  it("compared real figures, not only empty ones", () => {
    // Every figure reached its minimum sample somewhere, so values, not just statuses, were compared.
    expect([...seen.ok].sort()).toEqual([
      "abandonment_rate",
      "correlation",
      "down_rating_severity",
      "recover",
      "repeated_down_rate",
      "tokens",
      "tools",
    ]);
    expect(seen.abandoned).toBeGreaterThan(0);
    expect(seen.abandonmentPending).toBeGreaterThan(0);
    expect(seen.repeatedDown).toBeGreaterThan(0);
    expect(seen.toolRows).toBeGreaterThan(10);
    expect(seen.negatives).toBeGreaterThan(30);
    expect(seen.toolNamedTwice).toBeGreaterThan(0);
  });

  it("answers an empty range with no data, never 0", async () => {
    const [, , empty] = ranges();
    const body = await attribution("t-acme", empty!, {});
    expect(body.tokens_per_positive_answer).toMatchObject({ value: null, status: "no_data", answers: 0 });
    expect(body.recover_after_negative_rate).toMatchObject({ value: null, status: "no_data", negatives: 0 });
    expect(body.abandonment_rate).toMatchObject({ value: null, status: "no_data", answers: 0 });
    expect(body.down_rating_severity).toMatchObject({ value: null, status: "no_data", rated_down: 0 });
    expect(body.tool_helpfulness_rate_by_name).toEqual([]);
    expect(body.latency_vs_feedback_correlation.thumbs_down).toEqual({ rho: null, n: 0, status: "no_data" });
  });

  it("reads only the key's tenant", async () => {
    const [whole] = ranges();
    const path = `/api/v1/attribution?${qs([
      ["from", new Date(whole!.from).toISOString()],
      ["to", new Date(whole!.to).toISOString()],
      ["tenant_id", "t-globex"],
    ])}`;
    expect((await api.get(path, TEST_KEYS.acmeRead)).status).toBe(403);
  });
});
