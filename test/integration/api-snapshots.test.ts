import { readFile } from "node:fs/promises";
import { COMPARABLE_METRICS } from "@answerscope/contracts/metrics";
import { OPENAPI_PATH, QUERY_ROUTES } from "@answerscope/api";
import type { Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EdgeCaseDataset } from "../reference";
import { qs, startTestApi, TEST_KEY_ENTRIES, TEST_KEYS, type TestApi } from "../src/api-server";
import { loadSnapshotDataset } from "../src/snapshot-dataset";
import { dropTestWarehouse } from "../src/warehouse";

/**
 * Every route of the query API, with representative parameters, over the reference data set on a
 * fixed time base (snapshot-dataset.ts): each answer's status and body, byte for byte as the
 * server sent them, against the committed files in __snapshots__/api-routes/ (one per route).
 * This is the net under refactorings that must not change behaviour: any byte that moves fails.
 * Run with `-u` only when an answer is meant to change, and say why in the commit.
 *
 * The OpenAPI document is compared with the checked-in api/openapi.json instead.
 *
 * The one normalised field: the evaluator's `last_success_at` (in `labels` and
 * /labels/freshness) is the wall-clock time its run finished, not a time of the data.
 */
const KEY: Record<string, string> = { "t-acme": TEST_KEYS.acmeRead, "t-globex": TEST_KEYS.globexRead };
const SNAPSHOTS = "__snapshots__/api-routes";
const WALL_CLOCK_FIELDS = /("last_success_at":)"[^"]*"/g;

let warehouse: Warehouse;
let dataset: EdgeCaseDataset;
let api: TestApi;

beforeAll(async () => {
  ({ warehouse, dataset } = await loadSnapshotDataset("as_api_snapshots"));
  api = await startTestApi({
    warehouse,
    keys: TEST_KEY_ENTRIES,
    traceUrlTemplate: "https://langfuse.example.com/project/{tenant_id}/traces/{trace_id}",
  });
});
afterAll(async () => {
  await api?.close();
  if (warehouse) await dropTestWarehouse(warehouse);
});

type Pairs = [string, string][];
const whole = (): Pairs => [
  ["from", dataset.range.from],
  ["to", dataset.range.to],
];
/** A range cut off the 5-minute grid at both ends, so the edges are read from the facts. */
const part = (): Pairs => [
  ["from", "2026-11-29T07:13:27.457Z"],
  ["to", "2026-11-30T15:00:00.000Z"],
];
/**
 * A range from 1 ms before t-acme's first in-range response with this finish reason: its partial
 * 5-minute bucket is read from the facts, so each Phase 1 sum's fact expression is in an answer.
 */
const fromEdgeOf = (finishReason: string): Pairs => {
  const times = dataset.events
    .filter(
      (event) =>
        event.event_type === "response_completed" &&
        event.tenant_id === "t-acme" &&
        (event as { finish_reason?: string }).finish_reason === finishReason,
    )
    .map((event) => Date.parse(event.occurred_at))
    .filter((time) => time > Date.parse(dataset.range.from) && time % 300_000 !== 0)
    .sort((a, b) => a - b);
  return [
    ["from", new Date(times[0]! - 1).toISOString()],
    ["to", dataset.range.to],
  ];
};
/** The data set's first two diagnostic tasks, by id. */
const diagnosticTasks = () =>
  [
    ...new Set(
      dataset.events
        .map((event) => (event as { diagnostic_task_id?: string }).diagnostic_task_id)
        .filter((task): task is string => !!task),
    ),
  ]
    .sort()
    .slice(0, 2);

interface Case {
  tenant: "t-acme" | "t-globex";
  path: () => Promise<string>;
}
const on = (
  tenant: Case["tenant"],
  path: string | (() => string),
  pairs: () => Pairs | Promise<Pairs> = () => [],
): Case => ({
  tenant,
  path: async () => {
    const query = qs(await pairs());
    const base = typeof path === "string" ? path : path();
    return query ? `${base}?${query}` : base;
  },
});
const both = (path: string, pairs: () => Pairs = () => []) => [on("t-acme", path, pairs), on("t-globex", path, pairs)];

/** The cases of each route, by operationId; the openapi document under its path. */
const CASES: Record<string, Case[]> = {
  getMetrics: [
    ...both("/api/v1/metrics", whole),
    on("t-acme", "/api/v1/metrics", part),
    on("t-acme", "/api/v1/metrics", () => [...whole(), ["group_by", "model,channel"], ["bucket", "day"]]),
    on("t-globex", "/api/v1/metrics", () => [...whole(), ["bucket", "hour"]]),
    on("t-acme", "/api/v1/metrics", () => [...part(), ["group_by", "query_category"]]),
    on("t-acme", "/api/v1/metrics", () => [...part(), ["channel", "web"], ["channel", "slack"], ["bucket", "5m"]]),
    on("t-acme", "/api/v1/metrics", () => [...whole(), ["tool_used", "yes"], ["group_by", "language"]]),
    on("t-acme", "/api/v1/metrics", () => [...whole(), ["model", "legacy-model"]]),
    on("t-acme", "/api/v1/metrics", () => [
      ["from", "2020-01-01T00:00:00Z"],
      ["to", "2020-01-02T00:00:00Z"],
    ]),
    ...["max_iterations", "no_reply", "error"].map((reason) =>
      on("t-acme", "/api/v1/metrics", () => fromEdgeOf(reason)),
    ),
  ],
  getTools: [
    ...both("/api/v1/tools", whole),
    on("t-acme", "/api/v1/tools", () => [...part(), ["model", "gpt-4o"]]),
    on("t-acme", "/api/v1/tools", () => [
      ...whole(),
      ["tool_name", "search"],
      ["tool_name", "kubectl"],
      ["group_by", "tool_name"],
    ]),
  ],
  getSamples: [
    on("t-acme", "/api/v1/samples", () => [...whole(), ["limit", "25"]]),
    on("t-globex", "/api/v1/samples", () => [...part(), ["limit", "40"]]),
    on("t-acme", "/api/v1/samples", () => [
      ...whole(),
      ["rating", "down"],
      ["reason_code", "too_slow"],
      ["reason_code", "not_grounded"],
    ]),
    on("t-acme", "/api/v1/samples", () => [
      ...whole(),
      ["label", "bad"],
      ["label", "failed"],
      ["model", "gpt-4o"],
      ["limit", "10"],
    ]),
    on("t-acme", "/api/v1/samples", async () => [
      ...whole(),
      ["rating", "none"],
      ["limit", "5"],
      ["cursor", await nextCursor("t-acme", [...whole(), ["rating", "none"], ["limit", "5"]])],
    ]),
    on("t-acme", "/api/v1/samples", () => [...whole(), ["cursor", "bm90LWEtY3Vyc29y"]]),
  ],
  getResponse: [
    ...(["t-acme", "t-globex"] as const).flatMap((tenant) =>
      ["r-moved", "r-late-arrival", "r-retry-late"].map((id) => on(tenant, `/api/v1/responses/${id}`)),
    ),
    on("t-acme", () => `/api/v1/responses/${encodeURIComponent(dataset.hints.named["t-acme"]![0]!)}`),
    on("t-acme", "/api/v1/responses/no-such-response"),
  ],
  getFeedbackTargets: [
    ...both("/api/v1/feedback/targets", whole),
    on("t-acme", "/api/v1/feedback/targets", () => [...part(), ["model", "gpt-4o"]]),
  ],
  getDiagnostic: [
    ...(["t-acme", "t-globex"] as const).flatMap((tenant) =>
      [0, 1].map((index) => on(tenant, () => `/api/v1/diagnostics/${diagnosticTasks()[index]}`)),
    ),
    on("t-acme", "/api/v1/diagnostics/no-such-task"),
  ],
  getFeedbackReasons: [
    ...both("/api/v1/feedback/reasons", whole),
    on("t-acme", "/api/v1/feedback/reasons", () => [...part(), ["chains", "3"], ["channel", "web"]]),
  ],
  getCompare: [
    ...COMPARABLE_METRICS.map((metric) =>
      on("t-acme", "/api/v1/compare", () => [
        ...whole(),
        ["metric", metric],
        ["dimension", "model"],
        ["a", "gpt-4o"],
        ["b", "claude-sonnet"],
      ]),
    ),
    on("t-globex", "/api/v1/compare", () => [
      ...part(),
      ["metric", "reask_rate"],
      ["dimension", "channel"],
      ["a", "web"],
      ["b", "slack"],
      ["language", "en"],
    ]),
    on("t-acme", "/api/v1/compare", () => [
      ...whole(),
      ["metric", "good_answer_rate"],
      ["dimension", "query_category"],
      ["a", "general_qa"],
      ["b", "web_search"],
    ]),
    // A slice no response matches (the model is only used before the range): its figures are null, not 0.
    on("t-acme", "/api/v1/compare", () => [
      ...whole(),
      ["metric", "thumbs_up_rate"],
      ["dimension", "model"],
      ["a", "gpt-4o"],
      ["b", "legacy-model"],
    ]),
  ],
  getRejected: [
    ...both("/api/v1/rejected", () => [
      ["from", "2026-12-01T00:00:00Z"],
      ["to", "2026-12-04T00:00:00Z"],
      ["limit", "200"],
    ]),
    on("t-acme", "/api/v1/rejected", () => [
      ["from", "2026-12-01T00:00:00Z"],
      ["to", "2026-12-04T00:00:00Z"],
      ["reason", "invalid_field"],
      ["limit", "2"],
    ]),
  ],
  getLabelAgreement: [
    on("t-acme", "/api/v1/label-agreement", () => [...whole(), ["source", "vikingbot"]]),
    on("t-acme", "/api/v1/label-agreement", () => [...part(), ["source", "vikingbot"], ["model", "gpt-4o"]]),
    on("t-globex", "/api/v1/label-agreement", () => [...whole(), ["source", "vikingbot"]]),
  ],
  getAttribution: [
    on("t-acme", "/api/v1/attribution", () => whole()),
    on("t-acme", "/api/v1/attribution", () => [...part(), ["channel", "web"]]),
    on("t-globex", "/api/v1/attribution", () => whole()),
  ],
  getLabelAgreementSamples: [
    on("t-acme", "/api/v1/label-agreement/samples", () => [
      ...whole(),
      ["source", "vikingbot"],
      ["answerscope_label", "good"],
      ["external_label", "resolved"],
    ]),
    on("t-acme", "/api/v1/label-agreement/samples", () => [
      ...whole(),
      ["source", "vikingbot"],
      ["answerscope_label", "bad"],
      ["external_label", "reasked"],
      ["limit", "3"],
    ]),
  ],
  getLabelFreshness: both("/api/v1/labels/freshness"),
  getLangfuseWriteback: both("/api/v1/langfuse/writeback"),
  // No judge runs on the reference data set: the empty answer (the figures: judge.test.ts).
  getJudgeAgreement: both("/api/v1/judge", whole),
  refusals: [
    on("t-acme", "/api/v1/metrics", () => [...whole(), ["group_by", "user_id"]]),
    on("t-acme", "/api/v1/compare", () => [
      ...whole(),
      ["metric", "latency_p95_ms"],
      ["dimension", "model"],
      ["a", "x"],
      ["b", "y"],
    ]),
    on("t-acme", "/api/v1/metrics", () => [
      ["from", dataset.range.from],
      ["to", dataset.range.from],
    ]),
    on("t-acme", "/api/v1/labels/freshness", () => [["tenant_id", "t-globex"]]),
  ],
};

/** The cursor of a page's next page, as a client following the pages passes it. */
async function nextCursor(tenant: Case["tenant"], pairs: Pairs): Promise<string> {
  const page = await api.get(`/api/v1/samples?${qs(pairs)}`, KEY[tenant]);
  return page.body.next_cursor;
}

async function answer(item: Case): Promise<string> {
  const path = await item.path();
  const res = await fetch(`${api.baseUrl}${path}`, { headers: { authorization: `Bearer ${KEY[item.tenant]}` } });
  const body = (await res.text()).replace(WALL_CLOCK_FIELDS, '$1"<wall clock>"');
  return `GET ${path} as ${item.tenant}\n${res.status} ${res.headers.get("content-type")}\n${body}\n`;
}

describe("every route's answers on the reference data set, byte for byte", () => {
  it("covers every route of the router and of the OpenAPI document", async () => {
    const document = JSON.parse(await (await fetch(`${api.baseUrl}${OPENAPI_PATH}`)).text());
    const routes = QUERY_ROUTES.map((route) => route.operationId);
    expect(Object.keys(document.paths).sort()).toEqual(QUERY_ROUTES.map((route) => route.path).sort());
    expect(
      Object.keys(CASES)
        .filter((name) => name !== "refusals")
        .sort(),
    ).toEqual([...routes].sort());
  });

  // The document's own snapshot is the checked-in api/openapi.json (a unit test keeps it generated).
  it("serves the checked-in OpenAPI document", async () => {
    const body = await (await fetch(`${api.baseUrl}${OPENAPI_PATH}`)).text();
    expect(body).toBe(
      JSON.stringify(JSON.parse(await readFile(new URL("../../api/openapi.json", import.meta.url), "utf8"))),
    );
  });

  it.each(Object.keys(CASES))("%s", async (name) => {
    const answers: string[] = [];
    for (const item of CASES[name]!) answers.push(await answer(item));
    await expect(answers.join("\n")).toMatchFileSnapshot(`${SNAPSHOTS}/${name}.txt`);
  });
});
