import {
  feedbackShareInRange,
  insertRows,
  queryFeedbackReasons,
  queryFeedbackTargets,
  rejectedRow,
  type Warehouse,
} from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTenantState,
  referenceCompare,
  referenceFeedbackTargets,
  referenceTools,
  RESPONSE_DIMENSIONS,
  RATE_METRICS,
  reasonCodeOf,
  type Dimension,
  type EdgeCaseDataset,
  type Filters,
  type TenantState,
} from "../reference";
import { qs, startTestApi, TEST_KEY_ENTRIES, TEST_KEYS, type TestApi } from "../src/api-server";
import { loadApiDataset } from "../src/api-dataset";
import { loadThroughSink } from "../src/load-through-sink";
import { dropTestWarehouse } from "../src/warehouse";

/**
 * The query API's figures against the independent reference implementation (test/reference), over
 * the edge-case data set loaded through the real sink: tools, feedback targets, compare, samples,
 * reasons, the response and diagnostic details, and the rejected-events listing. The reference
 * uses its own query-category, re-ask and reason-code rules, none of the product's.
 */
const KEY: Record<string, string> = { "t-acme": TEST_KEYS.acmeRead, "t-globex": TEST_KEYS.globexRead };

let warehouse: Warehouse;
let dataset: EdgeCaseDataset;
let api: TestApi;
const states = new Map<string, TenantState>();

beforeAll(async () => {
  ({ warehouse, dataset } = await loadApiDataset("as_api_figures"));
  api = await startTestApi({ warehouse, keys: TEST_KEY_ENTRIES });
  for (const tenant of dataset.tenants) states.set(tenant, buildTenantState(dataset.events, tenant));
});
afterAll(async () => {
  await api?.close();
  if (warehouse) await dropTestWarehouse(warehouse);
});

const MINUTE = 60_000;
const rangeOf = (name: "whole" | "part") =>
  name === "whole"
    ? dataset.range
    : {
        from: new Date(Date.parse(dataset.range.from) + 7 * 60 * MINUTE + 13_457).toISOString(),
        to: new Date(Date.parse(dataset.range.to) - 9 * 60 * MINUTE).toISOString(),
      };

/** Query string of a range and filters (repeated names for OR). */
function query(
  range: { from: string; to: string },
  filters: Record<string, string[] | undefined> = {},
  extra: [string, string][] = [],
): string {
  return qs([
    ["from", range.from],
    ["to", range.to],
    ...Object.entries(filters).flatMap(([name, values]) =>
      (values ?? []).map((value): [string, string] => [name, value]),
    ),
    ...extra,
  ]);
}

async function get(path: string, tenant: string) {
  const res = await api.get(path, KEY[tenant]);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

/** The two most frequent values of a dimension among a tenant's responses in range, and its rarest. */
function valuesOf(tenant: string, dimension: Dimension) {
  const counts = new Map<string, number>();
  const from = Date.parse(dataset.range.from);
  const to = Date.parse(dataset.range.to);
  for (const response of states.get(tenant)!.responses.values()) {
    if (response.t < from || response.t >= to) continue;
    counts.set(response.dims[dimension], (counts.get(response.dims[dimension]) ?? 0) + 1);
  }
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([value]) => value);
  return { common: sorted.slice(0, 2) as [string, string], rarest: sorted[sorted.length - 1]! };
}

const TOOL_FILTERS: (Filters & { tool_name?: string[] })[] = [
  {},
  { model: ["gpt-4o"] },
  { channel: ["web", "slack"] },
  { tool_name: ["search", "kubectl"] },
  { tool_used: ["yes"], prompt_version: ["pv-2", "pv-1"] },
  { model: ["legacy-model"] },
  { chat_type: ["group"], language: ["zh", "unknown"] },
  { session_type: ["aiops"], user_segment: ["pro", "enterprise"], query_category: ["bug_diagnosis", "general_qa"] },
];

describe("GET /api/v1/tools equals referenceTools", () => {
  const cases = ["t-acme", "t-globex"].flatMap((tenant) =>
    (["whole", "part"] as const).flatMap((range) => TOOL_FILTERS.map((filters) => ({ tenant, range, filters }))),
  );
  it.each(cases)("$tenant $range $filters", async ({ tenant, range, filters }) => {
    const r = rangeOf(range);
    const expected = referenceTools(dataset.events, { tenant_id: tenant, from: r.from, to: r.to, filters }).rows;
    const actual = (await get(`/api/v1/tools?${query(r, filters)}`, tenant)).rows;
    expect(actual.map((row: { tool_name: string }) => row.tool_name)).toEqual(expected.map((row) => row.tool_name));
    if (Object.keys(filters).length === 0) expect(expected.length).toBeGreaterThan(0);
    expected.forEach((want, index) => {
      const got = actual[index];
      const { duration_p95_ms, top_error_categories, ...counts } = want;
      expect(got).toMatchObject(counts);
      expect(got.top_error_categories).toEqual(top_error_categories.slice(0, 10));
      if (duration_p95_ms === null) expect(got.duration_p95_ms).toBeNull();
      else
        expect(Math.abs(got.duration_p95_ms - duration_p95_ms)).toBeLessThanOrEqual(
          Math.max(1e-6, 0.02 * duration_p95_ms),
        );
    });
  });
});

describe("GET /api/v1/feedback/targets equals referenceFeedbackTargets", () => {
  const cases = ["t-acme", "t-globex"].flatMap((tenant) =>
    (["whole", "part"] as const).map((range) => ({ tenant, range })),
  );
  it.each(cases)("$tenant $range", async ({ tenant, range }) => {
    const r = rangeOf(range);
    const expected = referenceFeedbackTargets(dataset.events, tenant, r);
    const actual = await get(`/api/v1/feedback/targets?${query(r)}`, tenant);
    expect(actual).toEqual(expected);
    expect(expected.revisions + expected.conflicts + expected.retries).toBeGreaterThan(0);
  });

  // The route reads either every target or only those rated in range, by the range's share of the
  // tenant's feedback; both must give the reference's answer, on ranges of every size.
  const slices = [
    { name: "whole", at: 0, width: 1 },
    { name: "middle fifth", at: 0.4, width: 0.2 },
    { name: "last tenth", at: 0.9, width: 0.1 },
    { name: "first third", at: 0, width: 1 / 3 },
  ];
  const narrowings = ["t-acme", "t-globex"].flatMap((tenant) =>
    slices.flatMap((slice) => [true, false].map((narrowToRange) => ({ tenant, ...slice, narrowToRange }))),
  );
  it.each(narrowings)("$tenant $name, narrowToRange $narrowToRange", async ({ tenant, at, width, narrowToRange }) => {
    const start = Date.parse(dataset.range.from);
    const span = Date.parse(dataset.range.to) - start;
    const r = {
      from: new Date(start + Math.round(at * span)).toISOString(),
      to: new Date(start + Math.round((at + width) * span)).toISOString(),
    };
    const expected = referenceFeedbackTargets(dataset.events, tenant, r);
    expect(expected.rows.length).toBeGreaterThan(0);
    expect(await queryFeedbackTargets(warehouse, { tenantId: tenant, ...r }, { narrowToRange })).toEqual(expected);
  });

  it("measures the share of a tenant's feedback events in a range, by which the feedback routes narrow their reads", async () => {
    const start = Date.parse(dataset.range.from);
    const end = Date.parse(dataset.range.to);
    // The sink stored each feedback event once: the share is of the tenant's distinct events.
    const times = new Map<string, number>();
    for (const event of dataset.events as {
      event_type: string;
      tenant_id: string;
      event_id: string;
      occurred_at: string;
    }[]) {
      if (event.event_type === "feedback_submitted" && event.tenant_id === "t-acme")
        times.set(event.event_id, Date.parse(event.occurred_at));
    }
    const shareOf = (from: number, to: number) =>
      [...times.values()].filter((t) => t >= from && t < to).length / times.size;
    const lastTenth = end - Math.round((end - start) / 10);
    expect(shareOf(lastTenth, end)).toBeGreaterThan(0);
    for (const [from, to] of [
      [0, Date.parse("2100-01-01")],
      [start, end],
      [lastTenth, end],
    ] as const) {
      expect(await feedbackShareInRange(warehouse, "t-acme", from, to)).toBeCloseTo(shareOf(from, to), 12);
    }
    expect(await feedbackShareInRange(warehouse, "t-no-feedback", start, end)).toBe(0);
  });

  it("with a response filter counts only ratings of matching responses", async () => {
    const state = states.get("t-acme")!;
    const actual = await get(`/api/v1/feedback/targets?${query(dataset.range, { model: ["gpt-4o"] })}`, "t-acme");
    const from = Date.parse(dataset.range.from);
    const to = Date.parse(dataset.range.to);
    let count = 0;
    for (const rating of state.currentFeedback.values()) {
      const response = state.responses.get(rating.target_id);
      if (rating.rating === "cleared" || rating.t < from || rating.t >= to) continue;
      if (
        (rating.target_type === "chat_message" || rating.target_type === "citation") &&
        response?.dims.model === "gpt-4o"
      )
        count++;
    }
    expect(actual.rows.reduce((sum: number, row: { count: number }) => sum + row.count, 0)).toBe(count);
    expect(
      actual.rows.every(
        (row: { target_type: string }) => row.target_type === "chat_message" || row.target_type === "citation",
      ),
    ).toBe(true);
  });
});

describe("GET /api/v1/compare equals referenceCompare", () => {
  const cases = ["t-acme", "t-globex"].flatMap((tenant) =>
    RESPONSE_DIMENSIONS.flatMap((dimension) => RATE_METRICS.map((metric) => ({ tenant, dimension, metric }))),
  );

  function expectSameComparison(actual: any, expected: ReturnType<typeof referenceCompare>) {
    const { a, b, difference, z, p_value, ...flags } = expected;
    expect(actual).toMatchObject(flags);
    for (const [got, want] of [
      [actual.a, a],
      [actual.b, b],
    ] as const) {
      expect(got).toMatchObject({
        value: want.value,
        numerator: want.numerator,
        denominator: want.denominator,
        insufficient_data: want.insufficient_data,
      });
      for (const field of ["rate", "ci_low", "ci_high"] as const) {
        if (want[field] === null) expect(got[field]).toBeNull();
        else expect(got[field]).toBeCloseTo(want[field], 12);
      }
    }
    for (const [field, want] of [
      ["difference", difference],
      ["z", z],
      ["p_value", p_value],
    ] as const) {
      if (want === null) expect(actual[field]).toBeNull();
      else expect(actual[field]).toBeCloseTo(want, 9);
    }
  }

  it.each(cases)("$tenant $metric by $dimension (two most common values)", async ({ tenant, dimension, metric }) => {
    const [a, b] = valuesOf(tenant, dimension).common;
    const expected = referenceCompare(dataset.events, { tenant_id: tenant, ...dataset.range, metric, dimension, a, b });
    const actual = await get(
      `/api/v1/compare?${query(dataset.range, {}, [
        ["metric", metric],
        ["dimension", dimension],
        ["a", a],
        ["b", b],
      ])}`,
      tenant,
    );
    expectSameComparison(actual, expected);
  });

  it("reports insufficient_data for a slice under 30, keeping its rate", async () => {
    const { common, rarest } = valuesOf("t-acme", "query_category");
    const expected = referenceCompare(dataset.events, {
      tenant_id: "t-acme",
      ...dataset.range,
      metric: "good_answer_rate",
      dimension: "query_category",
      a: common[0],
      b: rarest,
    });
    expect(expected.insufficient_data).toBe(true);
    const actual = await get(
      `/api/v1/compare?${query(dataset.range, {}, [
        ["metric", "good_answer_rate"],
        ["dimension", "query_category"],
        ["a", common[0]],
        ["b", rarest],
      ])}`,
      "t-acme",
    );
    expectSameComparison(actual, expected);
    expect(actual).toMatchObject({
      insufficient_data: true,
      difference: null,
      z: null,
      p_value: null,
      significant: false,
    });
  });

  it("applies other filters to both slices, in a sub-range", async () => {
    const r = rangeOf("part");
    const [a, b] = valuesOf("t-acme", "model").common;
    for (const metric of ["thumbs_down_rate", "reask_rate", "tool_success_rate", "one_turn_resolution_rate"] as const) {
      const filters = { channel: ["web", "slack", "openapi"] };
      const expected = referenceCompare(dataset.events, {
        tenant_id: "t-acme",
        ...r,
        metric,
        dimension: "model",
        a,
        b,
        filters,
      });
      const actual = await get(
        `/api/v1/compare?${query(r, filters, [
          ["metric", metric],
          ["dimension", "model"],
          ["a", a],
          ["b", b],
        ])}`,
        "t-acme",
      );
      expectSameComparison(actual, expected);
    }
  });
});

/** The reference's reason code of a response owner's current rating (its latest accepted action); null: no reason given. */
function currentReasonCode(state: TenantState, response: { user_id: string; response_id: string }): string | null {
  const key = [response.user_id, "chat_message", response.response_id, ""].join("\u0000");
  const latest = state.accepted
    .filter((action) => action.key === key)
    .sort((x, y) => x.t - y.t || (x.event_id < y.event_id ? -1 : 1))
    .pop()!;
  return reasonCodeOf(latest.event.reason);
}

describe("GET /api/v1/samples", () => {
  const inRange = (state: TenantState) => {
    const from = Date.parse(dataset.range.from);
    const to = Date.parse(dataset.range.to);
    return [...state.responses.values()]
      .filter((response) => response.t >= from && response.t < to)
      .sort((x, y) => y.t - x.t || (x.response_id < y.response_id ? 1 : -1));
  };

  async function allPages(tenant: string, extra: [string, string][]) {
    const seen: any[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: any = await get(
        `/api/v1/samples?${query(dataset.range, {}, [...extra, ["limit", "37"], ...(cursor ? [["cursor", cursor] as [string, string]] : [])])}`,
        tenant,
      );
      expect(page.samples.length).toBeLessThanOrEqual(37);
      seen.push(...page.samples);
      cursor = page.next_cursor;
      pages++;
    } while (cursor && pages < 100);
    return seen;
  }

  it.each(["t-acme", "t-globex"])(
    "%s: cursor pagination returns every response in range exactly once, newest first",
    async (tenant) => {
      const state = states.get(tenant)!;
      const samples = await allPages(tenant, []);
      expect(samples.map((sample) => sample.response_id)).toEqual(
        inRange(state).map((response) => response.response_id),
      );
      for (const sample of samples) {
        const label = state.labels.get(sample.response_id)!;
        expect(sample.label, sample.response_id).toBe(label.label);
        expect(sample.label_reason).toBe(label.label_reason);
        expect(sample.rating).toBe(label.explicit_rating);
        expect(sample.dims).toEqual(state.responses.get(sample.response_id)!.dims);
      }
    },
  );

  it("filters by rating, reason_code and label (each OR-ed), still paginating exactly", async () => {
    const state = states.get("t-acme")!;
    const down = await allPages("t-acme", [["rating", "down"]]);
    const expectedDown = inRange(state).filter((response) => state.explicitRating.get(response.response_id) === "down");
    expect(expectedDown.length).toBeGreaterThan(37);
    expect(down.map((sample) => sample.response_id)).toEqual(expectedDown.map((response) => response.response_id));
    const badOrFailed = await allPages("t-acme", [
      ["label", "bad"],
      ["label", "failed"],
    ]);
    expect(badOrFailed.map((sample) => sample.response_id)).toEqual(
      inRange(state)
        .filter((response) => ["bad", "failed"].includes(state.labels.get(response.response_id)!.label))
        .map((response) => response.response_id),
    );
    const unrated = await allPages("t-acme", [["rating", "none"]]);
    expect(unrated.length).toBe(
      inRange(state).filter((response) => !state.explicitRating.has(response.response_id)).length,
    );
    const slow = await allPages("t-acme", [
      ["reason_code", "too_slow"],
      ["reason_code", "not_grounded"],
    ]);
    expect(slow.length).toBeGreaterThan(0);
    for (const sample of slow) expect(["too_slow", "not_grounded"]).toContain(sample.reason_code);
  });

  it("reason_code=none lists the down ratings given without a reason, alone or OR-ed with a code", async () => {
    const state = states.get("t-acme")!;
    const downWith = (codes: (string | null)[]) =>
      inRange(state)
        .filter(
          (response) =>
            state.explicitRating.get(response.response_id) === "down" &&
            codes.includes(currentReasonCode(state, response)),
        )
        .map((response) => response.response_id);
    const none = await allPages("t-acme", [
      ["rating", "down"],
      ["reason_code", "none"],
    ]);
    expect(downWith([null]).length).toBeGreaterThan(0);
    expect(none.map((sample) => sample.response_id)).toEqual(downWith([null]));
    for (const sample of none) expect([sample.rating, sample.reason_code]).toEqual(["down", null]);
    const noneOrSlow = await allPages("t-acme", [
      ["rating", "down"],
      ["reason_code", "none"],
      ["reason_code", "too_slow"],
    ]);
    expect(noneOrSlow.map((sample) => sample.response_id)).toEqual(downWith([null, "too_slow"]));
  });
});

describe("GET /api/v1/feedback/reasons", () => {
  // The later half: responses whose current version is in range but an earlier version is not.
  const laterHalf = () => {
    const [from, to] = [Date.parse(dataset.range.from), Date.parse(dataset.range.to)];
    const half = from + Math.floor((to - from) / 2 / 3_600_000) * 3_600_000;
    return { from: new Date(half).toISOString(), to: dataset.range.to };
  };
  it.each([
    ["t-acme", "whole range"],
    ["t-globex", "whole range"],
    ["t-acme", "later half"],
  ])("%s, %s: counts the reason codes and tool chains of explicit down ratings", async (tenant, which) => {
    const state = states.get(tenant)!;
    const range = which === "later half" ? laterHalf() : dataset.range;
    const from = Date.parse(range.from);
    const to = Date.parse(range.to);
    const reasons = new Map<string | null, number>();
    const chains = new Map<string, number>();
    for (const response of state.responses.values()) {
      if (response.t < from || response.t >= to || state.explicitRating.get(response.response_id) !== "down") continue;
      const code = currentReasonCode(state, response);
      reasons.set(code, (reasons.get(code) ?? 0) + 1);
      const chain = response.event.tools_used_names.join(" → ");
      chains.set(chain, (chains.get(chain) ?? 0) + 1);
    }
    const actual = await get(`/api/v1/feedback/reasons?${query(range, {}, [["chains", "100"]])}`, tenant);
    // Both reads of the ratings, narrowed to the range's responses rated down or every rating, give the route's answer.
    for (const narrowToRange of [true, false]) {
      expect(
        await queryFeedbackReasons(warehouse, { tenantId: tenant, ...range, chains: 100 }, { narrowToRange }),
      ).toEqual(actual);
    }
    expect(actual.down_rated).toBe([...reasons.values()].reduce((sum, n) => sum + n, 0));
    expect(
      new Map(actual.reasons.map((row: { reason_code: string | null; count: number }) => [row.reason_code, row.count])),
    ).toEqual(reasons);
    expect(new Map(actual.tool_chains.map((row: { chain: string; count: number }) => [row.chain, row.count]))).toEqual(
      chains,
    );
    const counts = actual.reasons.map((row: { count: number }) => row.count);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    // The reasons explain exactly the down ratings behind thumbs_down_rate.
    const metrics = await get(`/api/v1/metrics?${query(range)}`, tenant);
    const row = metrics.rows[0];
    expect(Math.round(row.thumbs_down_rate * row.feedback_coverage * row.response_count)).toBe(actual.down_rated);
    expect(actual.down_rated).toBeGreaterThan(0);
  });
});

describe("GET /api/v1/responses/{response_id} and /diagnostics/{id}", () => {
  function expectCalls(actual: any[], expected: TenantState["toolCalls"]) {
    expect(actual.map((call) => call.tool_call_id)).toEqual(expected.map((call) => call.tool_call_id));
    actual.forEach((call, index) => {
      const want = expected[index]!;
      expect(call).toMatchObject({
        tool_name: want.tool_name,
        status: want.status,
        start_inferred: want.start_inferred,
        duration_ms: want.duration_ms,
        error_category: want.error_category,
        started_at: new Date(want.t).toISOString(),
      });
    });
  }

  function expectFeedback(
    actual: any[],
    state: TenantState,
    onTarget: (event: { target_type: string; target_id: string; diagnostic_task_id?: string }) => boolean,
  ) {
    const events = state.events.filter((event) => event.event_type === "feedback_submitted" && onTarget(event));
    expect(actual.map((event) => event.event_id).sort()).toEqual(events.map((event) => event.event_id).sort());
    const actionOf = new Map<string, string>([
      ...state.accepted.map((action): [string, string] => [action.event_id, "accepted"]),
      ...state.retries.map((action): [string, string] => [action.event_id, "retry"]),
      ...state.conflicts.map((action): [string, string] => [action.event_id, "conflict"]),
    ]);
    for (const event of actual) {
      expect(event.action, event.event_id).toBe(actionOf.get(event.event_id));
      const key = [event.user_id, event.target_type, event.target_id, event.subject_id ?? ""].join("\u0000");
      // A retry or a conflict shows its key's verification, or none when the user has no accepted action on the target.
      expect(event.verification, event.event_id).toBe(state.currentFeedback.get(key)?.verification ?? null);
      if (event.action !== "accepted") continue;
      const current = state.currentFeedback.get(key)!;
      const accepted = actual.filter(
        (other) =>
          other.action === "accepted" &&
          [other.user_id, other.target_type, other.target_id, other.subject_id ?? ""].join("\u0000") === key,
      );
      expect(event.revision).toBe(accepted.indexOf(event));
      expect(event.latest).toBe(accepted.length === current.actions && event.revision === current.actions - 1);
    }
  }

  it.each(["t-acme", "t-globex"])(
    "%s: named responses show the reference's calls, feedback and label",
    async (tenant) => {
      const state = states.get(tenant)!;
      for (const id of dataset.hints.named[tenant]!) {
        const detail = await get(`/api/v1/responses/${encodeURIComponent(id)}`, tenant);
        expectCalls(
          detail.tool_calls,
          state.toolCalls.filter((call) => call.response_id === id),
        );
        expectFeedback(
          detail.feedback,
          state,
          (event) =>
            event.target_id === id && (event.target_type === "chat_message" || event.target_type === "citation"),
        );
        const label = state.labels.get(id)!;
        expect(detail.outcome).toMatchObject({
          label: label.label,
          label_reason: label.label_reason,
          window_closed: label.window_closed,
          has_failed_tool: label.has_failed_tool,
        });
        expect(detail.explicit_rating).toBe(label.explicit_rating);
        expect(detail.followup).toEqual(
          label.followup_response_id ? { response_id: label.followup_response_id, is_reask: label.is_reask } : null,
        );
      }
    },
  );

  it("a retry stamped after a later action does not overtake it; a conflict is listed but not counted", async () => {
    const retryLate = await get(`/api/v1/responses/r-retry-late`, "t-acme");
    expect(retryLate.explicit_rating).toBe("down");
    expect(retryLate.feedback.map((event: { action: string }) => event.action).sort()).toEqual([
      "accepted",
      "accepted",
      "retry",
    ]);
    const lateArrival = await get(`/api/v1/responses/r-late-arrival`, "t-acme");
    expect(
      lateArrival.feedback.map((event: { action: string; rating: string }) => [event.action, event.rating]),
    ).toEqual([
      ["accepted", "up"],
      ["retry", "up"],
      ["conflict", "down"],
    ]);
    expect(lateArrival.explicit_rating).toBe("up");
  });

  it.each(["t-acme", "t-globex"])(
    "%s: every diagnostic task shows its calls in time order and the feedback on its steps and report",
    async (tenant) => {
      const state = states.get(tenant)!;
      const tasks = [
        ...new Set(state.toolCalls.map((call) => call.diagnostic_task_id).filter((task): task is string => !!task)),
      ];
      expect(tasks.length).toBeGreaterThan(5);
      for (const task of tasks) {
        const detail = await get(`/api/v1/diagnostics/${task}`, tenant);
        expect(detail.diagnostic_task_id).toBe(task);
        expectCalls(
          detail.tool_calls,
          state.toolCalls.filter((call) => call.diagnostic_task_id === task),
        );
        expectFeedback(
          detail.feedback,
          state,
          (event) =>
            event.diagnostic_task_id === task &&
            (event.target_type === "diagnostic_step" || event.target_type === "diagnostic_report"),
        );
      }
    },
  );
});

describe("GET /api/v1/metrics", () => {
  it("answers the metrics route's rows (figures are checked in metrics-correctness.test.ts)", async () => {
    const state = states.get("t-acme")!;
    const from = Date.parse(dataset.range.from);
    const to = Date.parse(dataset.range.to);
    const byModel = await get(
      `/api/v1/metrics?${query(dataset.range, {}, [
        ["group_by", "model,channel"],
        ["bucket", "day"],
      ])}`,
      "t-acme",
    );
    const total = byModel.rows.reduce((sum: number, row: { response_count: number }) => sum + row.response_count, 0);
    expect(total).toBe(
      [...state.responses.values()].filter((response) => response.t >= from && response.t < to).length,
    );
    for (const row of byModel.rows) {
      expect(Object.keys(row.dims)).toEqual(["model", "channel"]);
      expect(row.bucket_start).toMatch(/T00:00:00.000Z$/);
    }
    for (const dimension of RESPONSE_DIMENSIONS) expect(valuesOf("t-acme", dimension).common.length).toBeGreaterThan(0);
  });
});

describe("GET /api/v1/rejected", () => {
  let from: string;
  let to: string;

  beforeAll(async () => {
    const started = Date.now();
    const good = dataset.events.find(
      (event) => event.event_type === "response_completed" && event.tenant_id === "t-acme",
    )!;
    const bad = [
      { ...good, event_id: "bad-1", schema_version: 2 },
      { ...good, event_id: "bad-2", model: undefined },
      { ...good, event_id: "bad-3", time_cost_ms: "fast" },
      { ...good, event_id: "bad-4", time_cost_ms: -1, query_text: "长".repeat(3000) },
      { ...good, event_id: "bad-5", tenant_id: "t-globex", schema_version: 3 },
    ];
    await loadThroughSink(warehouse, bad);
    // The same dead letter delivered twice (a redelivery the sink's check did not see): listed once.
    const duplicate = rejectedRow({
      dedupKey: "kafka:dlq/0@7",
      receivedAtMs: Date.now(),
      source: "kafka:answerscope.response_completed/0@7",
      reason: "invalid_json",
      message: "Unexpected token",
      tenantId: "t-acme",
      payload: "{oops",
      payloadBytes: 5,
    });
    await insertRows(warehouse, "rejected_events", [duplicate]);
    await insertRows(warehouse, "rejected_events", [{ ...duplicate, received_at_ms: duplicate.received_at_ms + 5 }]);
    from = new Date(started - 3_600_000).toISOString();
    to = new Date(Date.now() + 3_600_000).toISOString();
  });

  it("counts by reason, dedupes on read, lists the newest first with payloads cut, and includes feedback conflicts", async () => {
    const acme = states.get("t-acme")!;
    const actual = await get(`/api/v1/rejected?${query({ from, to }, {}, [["limit", "200"]])}`, "t-acme");
    const counts = Object.fromEntries(
      actual.counts.map((row: { reason: string; count: number }) => [row.reason, row.count]),
    );
    expect(counts).toEqual({
      unsupported_schema_version: 1,
      "missing_field:model": 1,
      "invalid_field:time_cost_ms": 2,
      invalid_json: 1,
      feedback_conflict: acme.conflicts.length,
    });
    expect(actual.total).toBe(5 + acme.conflicts.length);
    expect(actual.events).toHaveLength(actual.total);
    const times = actual.events.map((event: { received_at: string }) => event.received_at);
    expect(times).toEqual([...times].sort().reverse());
    const long = actual.events.find((event: { event_id: string }) => event.event_id === "bad-4");
    expect([...long.payload]).toHaveLength(1000);
    expect(long.payload_truncated).toBe(true);
    expect(long.payload_bytes).toBeGreaterThan(9000);
    const conflicts = actual.events.filter((event: { reason: string }) => event.reason === "feedback_conflict");
    expect(conflicts.map((event: { event_id: string }) => event.event_id).sort()).toEqual(
      acme.conflicts.map((action) => action.event_id).sort(),
    );
  });

  it("filters by reason or reason kind, limits, and keeps tenants apart", async () => {
    const kind = await get(`/api/v1/rejected?${query({ from, to }, {}, [["reason", "invalid_field"]])}`, "t-acme");
    expect(kind.counts).toEqual([{ reason: "invalid_field:time_cost_ms", count: 2 }]);
    const limited = await get(`/api/v1/rejected?${query({ from, to }, {}, [["limit", "2"]])}`, "t-acme");
    expect(limited.events).toHaveLength(2);
    const globex = await get(
      `/api/v1/rejected?${query({ from, to }, {}, [["reason", "unsupported_schema_version"]])}`,
      "t-globex",
    );
    expect(globex.events.map((event: { event_id: string }) => event.event_id)).toEqual(["bad-5"]);
    const before = await get(`/api/v1/rejected?${query({ from: "2020-01-01T00:00:00Z", to: from })}`, "t-acme");
    expect(before.total).toBe(0);
  });
});
