import { createQualityExporter, GAUGES, loadExporterConfig } from "@answerscope/alerts";
import {
  evaluateOutcomes,
  langfuseApi,
  loadLangfuseConfig,
  stableId,
  startLangfuseWriteback,
  writeBackTenant,
  writebackStatus,
  type LangfuseConfig,
  type Warehouse,
  type WritebackResult,
} from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { EventBuilder } from "../reference";
import { startTestApi, type TestApi } from "../src/api-server";
import { startFakeLangfuse, type FakeLangfuse, type RecordedRequest } from "../src/fake-langfuse";
import { loadThroughSink } from "../src/load-through-sink";
import { waitFor } from "../src/wait-for";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

/**
 * Answerscope's verdicts written back to Langfuse (issue 47): the real outcome evaluator labels
 * responses in a real ClickHouse, the write-back sends them to a stand-in for Langfuse
 * (test/src/fake-langfuse.ts: Langfuse cannot run here; it follows the public API reference of
 * `POST /api/public/ingestion` and `GET /api/public/v3/scores`, Basic auth, 207 answers, 429 with
 * Retry-After) and the test asserts the exact requests.
 */
const TENANT = "t-lf";
const OTHER = "t-nolf";
const KEYS = { publicKey: "pk-lf-1234", secretKey: "sk-lf-very-secret-5678" };
const b = new EventBuilder(TENANT, "2026-11-30T10:00:00.000Z", "lfw");
const o = new EventBuilder(OTHER, "2026-11-30T10:00:00.000Z", "lfo");

const events = [
  // r1: rated up, its one tool call completed: excellent.
  b.response("r1", 0, { session_id: "s1", trace_id: "tr-1", tool_count: 1, tools_used_names: ["search"] }),
  b.tool("c1", "completed", 1, { session_id: "s1", response_id: "r1" }),
  b.feedback(30, { target_id: "r1", rating: "up" }),
  // r2: slow (25 s: past the 10 s target, within 4 x), one of two calls failed, rated down: bad.
  b.response("r2", 60, { session_id: "s2", trace_id: "tr-2", time_cost_ms: 25_000, tool_count: 2, tools_used_names: ["search", "fetch"] }),
  b.tool("c2a", "completed", 61, { session_id: "s2", response_id: "r2" }),
  b.tool("c2b", "failed", 62, { session_id: "s2", response_id: "r2", tool_name: "fetch", error_category: "timeout" }),
  b.feedback(90, { target_id: "r2", rating: "down" }),
  // r3: re-asked within the window: bad; its follow-up r3b has no trace, so nothing goes for it.
  b.response("r3", 120, { session_id: "s3", trace_id: "tr-3", time_cost_ms: 50_000 }),
  b.response("r3b", 180, { session_id: "s3", query_text: "That's wrong, try again" }),
  // r4: no trace id: nothing to attach the verdict to.
  b.response("r4", 240, { session_id: "s4" }),
  // Two hours later: closes every window before it; its own stays open (pending: not written).
  b.response("r-late", 7200, { session_id: "s-late", trace_id: "tr-late" }),
  // Another tenant with traces but no Langfuse configuration.
  o.response("o1", 0, { session_id: "os1", trace_id: "tr-other" }),
  o.response("o-late", 7200, { session_id: "os2", trace_id: "tr-other-late" }),
];

let warehouse: Warehouse;
let langfuse: FakeLangfuse;
let config: LangfuseConfig;
let api: TestApi;
const READ = { lf: "read-key-lf-0123456789", other: "read-key-nolf-0123456789" };
const logged: string[] = [];

const configEnv = (extra: Record<string, string> = {}) => ({
  LANGFUSE_TENANTS: JSON.stringify({ tenants: [{ tenant_id: TENANT, base_url: langfuse.url, public_key: KEYS.publicKey, secret_key: KEYS.secretKey }] }),
  ...extra,
});
const client = (maxRetries = 3) => langfuseApi(config.tenants[0]!, { maxRetries, timeoutSeconds: 10 });
const pass = (maxRetries?: number): Promise<WritebackResult> => writeBackTenant(warehouse, config.tenants[0]!, client(maxRetries), { batchSize: 100, latencyTargetMs: config.LANGFUSE_LATENCY_TARGET_MS });
const evaluate = () => evaluateOutcomes(warehouse, { settleMs: 0 });
const ingestions = (from = 0): RecordedRequest[] => langfuse.requests.slice(from).filter((r) => r.path === "/api/public/ingestion");
/** The exporter's write-back gauges after one refresh, as a scrape reads them. */
async function exportedWriteback(tenant: string): Promise<{ lag: string | undefined; failing: string | undefined; series: string[] }> {
  const exporter = createQualityExporter({ warehouse, config: loadExporterConfig({ EXPORTER_ARRIVAL_SETTLE: "1ms" }) });
  expect(await exporter.refresh()).toBe(true);
  const text = await exporter.metrics.render();
  const valueOf = (name: string) => new RegExp(`^${name}\\{tenant="${tenant}"\\} (\\S+)$`, "m").exec(text)?.[1];
  const series = text.split("\n").filter((line) => line.startsWith(GAUGES.langfuseWritebackLag.name));
  return { lag: valueOf(GAUGES.langfuseWritebackLag.name), failing: valueOf(GAUGES.langfuseWritebackFailing.name), series };
}

/** score name -> value per trace id, from the score-create bodies of the requests. */
const scoresByTrace = (requests: RecordedRequest[]) => {
  const out: Record<string, Record<string, number | string>> = {};
  for (const r of requests) for (const e of r.body.batch) if (e.type === "score-create") (out[e.body.traceId] ??= {})[e.body.name] = e.body.value;
  return out;
};

beforeAll(async () => {
  // Everything the product prints while the suite runs, to check no key reaches a log.
  for (const level of ["log", "warn", "error", "info", "debug"] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a) ?? String(a))).join(" "));
      original(...args);
    });
  }
  ({ warehouse } = await createTestWarehouse("as_langfuse_wb"));
  langfuse = await startFakeLangfuse(KEYS);
  config = loadLangfuseConfig(configEnv());
  await loadThroughSink(warehouse, events);
  await evaluate();
  api = await startTestApi({ warehouse, keys: [{ key: READ.lf, tenant_id: TENANT, kind: "read" }, { key: READ.other, tenant_id: OTHER, kind: "read" }] });
}, 120_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await api?.close();
  await langfuse?.close();
  if (warehouse) await dropTestWarehouse(warehouse);
});

describe("Langfuse write-back", () => {
  let first: RecordedRequest[];
  beforeAll(async () => {
    const result = await pass();
    expect(result).toMatchObject({ tenantId: TENANT, responses: 3, rejected: 0 });
    first = ingestions();
  });

  it("sends every verdict with a trace as scores and an event, a batch of each, with Basic auth", () => {
    expect(first.map((r) => [r.status, new Set(r.body.batch.map((e: any) => e.type))])).toEqual([
      [207, new Set(["score-create"])],
      [207, new Set(["event-create"])],
    ]);
    for (const r of first) expect(r.authorization).toBe(`Basic ${Buffer.from(`${KEYS.publicKey}:${KEYS.secretKey}`).toString("base64")}`);
    expect(scoresByTrace(first)).toEqual({
      "tr-1": { response_outcome_label: "excellent", user_feedback_score: 1, implicit_resolution_score: 1, response_quality_score: 1, tool_execution_score: 1, latency_satisfaction_score: 1 },
      "tr-2": { response_outcome_label: "bad", user_feedback_score: -1, implicit_resolution_score: 1, response_quality_score: 0.25, tool_execution_score: 0.5, latency_satisfaction_score: 0.5 },
      // No tool calls: no tool_execution_score; 50 s is past 4 x the target.
      "tr-3": { response_outcome_label: "bad", user_feedback_score: 0, implicit_resolution_score: -1, response_quality_score: 0.25, latency_satisfaction_score: 0 },
    });
    const batch = first.flatMap((r) => r.body.batch) as { type: string; body: any }[];
    const label = batch.find((e) => e.type === "score-create" && e.body.traceId === "tr-1" && e.body.name === "response_outcome_label")!;
    expect(label.body).toMatchObject({ id: stableId(TENANT, "r1", "response_outcome_label"), dataType: "CATEGORICAL" });
    // The event goes under the trace, carrying the rule, the window and the follow-up.
    const event = batch.find((e) => e.type === "event-create" && e.body.traceId === "tr-3")!;
    expect(event.body).toMatchObject({
      id: stableId(TENANT, "r3", "response_outcome_evaluated"),
      name: "response_outcome_evaluated",
      startTime: "2026-11-30T10:02:00.000Z",
      metadata: { label: "bad", rule: "reask_followup", window_closed: true, window_ms: 600_000, followup_response_id: "r3b", followup_is_reask: true, response_id: "r3" },
    });
    expect(batch.filter((e) => e.type === "event-create").map((e) => e.body.traceId).sort()).toEqual(["tr-1", "tr-2", "tr-3"]);
    // Only creates: nothing updates an observation (the finished generation's metadata stays as it was).
    expect(new Set(batch.map((e) => e.type))).toEqual(new Set(["score-create", "event-create"]));
    expect([...langfuse.scores.values()].every((s) => s.updates === 0)).toBe(true);
  });

  it("sends nothing for a tenant without configuration, nor a pending, untraced or unchanged verdict", async () => {
    const traces = new Set(langfuse.requests.flatMap((r) => (r.body?.batch ?? []).map((e: any) => e.body.traceId)));
    expect([...traces].sort()).toEqual(["tr-1", "tr-2", "tr-3"]);
    const before = langfuse.requests.length;
    expect(await pass()).toMatchObject({ responses: 0 });
    expect(langfuse.requests.length).toBe(before);
    // A loop with no tenant configured sends nothing at all.
    let passes = 0;
    const stop = startLangfuseWriteback(warehouse, loadLangfuseConfig({ LANGFUSE_WRITEBACK_INTERVAL_MS: "20" }), { onPass: () => void passes++ });
    await waitFor(async () => passes, (n) => n >= 2, { timeoutMs: 10_000, what: "two passes without tenants" });
    await stop();
    expect(langfuse.requests.length).toBe(before);
  });

  it("a re-label sends the same score ids with the new values", async () => {
    const from = langfuse.requests.length;
    // The owner changes r1's rating to down: the evaluator re-labels r1 bad.
    await loadThroughSink(warehouse, [b.feedback(300, { target_id: "r1", rating: "down" })]);
    await evaluate();
    expect(await pass()).toMatchObject({ responses: 1 });
    const sent = ingestions(from);
    expect(scoresByTrace(sent)).toEqual({
      "tr-1": { response_outcome_label: "bad", user_feedback_score: -1, implicit_resolution_score: 1, response_quality_score: 0.25, tool_execution_score: 1, latency_satisfaction_score: 1 },
    });
    for (const e of sent[0]!.body.batch) if (e.type === "score-create") expect(e.body.id).toBe(stableId(TENANT, "r1", e.body.name));
    expect(langfuse.scores.get(stableId(TENANT, "r1", "user_feedback_score"))).toMatchObject({ value: -1, updates: 1 });
    expect([...langfuse.scores.values()].filter((s) => s.traceId === "tr-1")).toHaveLength(6);
  });

  it("the response detail lists the scores written for the response, as last written", async () => {
    const detail = await api.get("/api/v1/responses/r1?tenant_id=" + TENANT, READ.lf);
    expect(detail.status).toBe(200);
    const byName = Object.fromEntries(detail.body.langfuse_scores.map((s: any) => [s.name, s]));
    expect(Object.keys(byName).sort()).toEqual(["implicit_resolution_score", "latency_satisfaction_score", "response_outcome_label", "response_quality_score", "tool_execution_score", "user_feedback_score"]);
    expect(byName.response_outcome_label).toMatchObject({ data_type: "CATEGORICAL", string_value: "bad", value: null, trace_id: "tr-1", score_id: stableId(TENANT, "r1", "response_outcome_label") });
    expect(byName.user_feedback_score).toMatchObject({ data_type: "NUMERIC", value: -1, string_value: null, score_id: stableId(TENANT, "r1", "user_feedback_score") });
    // No trace: nothing written, an empty list.
    expect((await api.get("/api/v1/responses/r4?tenant_id=" + TENANT, READ.lf)).body.langfuse_scores).toEqual([]);
  });

  it("backs off on 429 (waiting Retry-After) and on 5xx, then sends", async () => {
    const from = langfuse.requests.length;
    await loadThroughSink(warehouse, [b.feedback(330, { target_id: "r2", rating: "up" })]);
    await evaluate();
    langfuse.failNext({ status: 429, retryAfterS: 2 }, { status: 503 });
    expect(await pass()).toMatchObject({ responses: 1 });
    const tries = ingestions(from).filter((r) => r.body.batch[0].type === "score-create");
    expect(tries.map((r) => r.status)).toEqual([429, 503, 207]);
    // Retry-After: 2 s; after the 503 the client's first backoff, 1 s +- 10 %.
    expect(tries[1]!.atMs - tries[0]!.atMs).toBeGreaterThanOrEqual(1_950);
    expect(tries[2]!.atMs - tries[1]!.atMs).toBeGreaterThanOrEqual(850);
    expect(tries.map((r) => JSON.stringify(scoresByTrace([r])))).toEqual(Array(3).fill(JSON.stringify(scoresByTrace([tries[2]!]))));
    expect(scoresByTrace([tries[2]!])["tr-2"]).toMatchObject({ response_outcome_label: "good", user_feedback_score: 1 });
  }, 30_000);

  it.each([
    ["per item", "item", 345, "down", "bad"],
    ["as a whole request", "request", 350, "up", "good"],
  ] as const)("where Langfuse takes only scores on the ingestion endpoint (Cloud since 16 November 2026), an event refused %s never stops them", async (_, refusal, sec, rating, label) => {
    await loadThroughSink(warehouse, [b.feedback(sec, { target_id: "r2", rating })]);
    await evaluate();
    langfuse.refuseEvents = refusal;
    try {
      expect(await pass()).toMatchObject({ responses: 1, scores: 6, rejected: 1 });
    } finally {
      langfuse.refuseEvents = false;
    }
    expect(langfuse.scores.get(stableId(TENANT, "r2", "response_outcome_label"))).toMatchObject({ value: label });
    expect(await writebackStatus(warehouse, TENANT)).toMatchObject({ lagMs: 0, failing: null });
  });

  describe("with Langfuse down", () => {
    it("delays only the write-back: labels go on, the lag and the failure show, the mark holds, then it catches up", async () => {
      await loadThroughSink(warehouse, [b.feedback(360, { target_id: "r3", rating: "up" })]);
      const markBefore = (await writebackStatus(warehouse, TENANT)).writtenThroughMs;
      // Both tries of the loop's pass (one retry) answer 500.
      langfuse.failNext({ status: 500 }, { status: 500 });
      expect((await evaluate()).written).toBe(1);
      const errors: string[] = [];
      let passes = 0;
      const stop = startLangfuseWriteback(warehouse, { ...config, LANGFUSE_MAX_RETRIES: 1, LANGFUSE_WRITEBACK_INTERVAL_MS: 60_000 }, { onPass: () => void passes++, onError: (_, message) => void errors.push(message) });
      await waitFor(async () => passes, (n) => n >= 1, { timeoutMs: 20_000, what: "a write-back pass" });
      await stop();
      expect(errors).toEqual(["Langfuse ingestion failed: HTTP 500"]);
      const down = await writebackStatus(warehouse, TENANT);
      expect(down.writtenThroughMs).toBe(markBefore);
      expect(down.lagMs).toBeGreaterThan(0);
      expect(down.failing).toBe("Langfuse ingestion failed: HTTP 500");
      // The lag and the failure on the exporter (label tenant only; no series for a tenant without write-back)...
      const exported = await exportedWriteback(TENANT);
      expect(Number(exported.lag)).toBeCloseTo(down.lagMs / 1000, 3);
      expect(exported.failing).toBe("1");
      expect(exported.series).toEqual([`${GAUGES.langfuseWritebackLag.name}{tenant="${TENANT}"} ${exported.lag}`]);
      // ...and in the API's tenant status, each tenant its own.
      const status = await api.get(`/api/v1/langfuse/writeback?tenant_id=${TENANT}`, READ.lf);
      expect(status.status).toBe(200);
      expect(status.body).toMatchObject({ enabled: true, failing: true, error: "Langfuse ingestion failed: HTTP 500", lag_seconds: down.lagMs / 1000, written_through: new Date(markBefore).toISOString() });
      expect((await api.get(`/api/v1/langfuse/writeback?tenant_id=${OTHER}`, READ.other)).body).toEqual({
        enabled: false, written_through: null, labels_through: null, lag_seconds: null, last_success_at: null, failing: false, error: null,
      });
      // Langfuse back: the next pass sends r3's new rating (still bad: the re-ask rule comes first) and the lag is gone.
      expect((await pass(0)).responses).toBe(1);
      expect(await writebackStatus(warehouse, TENANT)).toMatchObject({ lagMs: 0, failing: null });
      expect(await exportedWriteback(TENANT)).toMatchObject({ lag: "0", failing: "0" });
      expect((await api.get(`/api/v1/langfuse/writeback?tenant_id=${TENANT}`, READ.lf)).body).toMatchObject({ enabled: true, failing: false, error: null, lag_seconds: 0 });
      expect(langfuse.scores.get(stableId(TENANT, "r3", "user_feedback_score"))).toMatchObject({ value: 1, updates: 1 });
    }, 30_000);
  });

  it("never prints the secret key", async () => {
    // The role's default error log, on a failing pass.
    langfuse.failNext({ status: 401 });
    await loadThroughSink(warehouse, [b.feedback(400, { target_id: "r3", rating: "down" })]);
    await evaluate();
    let passes = 0;
    const stop = startLangfuseWriteback(warehouse, { ...config, LANGFUSE_MAX_RETRIES: 0, LANGFUSE_WRITEBACK_INTERVAL_MS: 60_000 }, { onPass: () => void passes++ });
    await waitFor(async () => passes, (n) => n >= 1, { timeoutMs: 20_000, what: "a write-back pass" });
    await stop();
    expect(logged.filter((line) => line.includes("langfuse write-back: t-lf: Langfuse ingestion failed: HTTP 401"))).toHaveLength(1);
    expect(logged.filter((line) => line.includes(KEYS.secretKey))).toEqual([]);
    expect(JSON.stringify(config)).not.toContain(KEYS.secretKey);
    expect(String(config.tenants[0]!.secret_key)).toBe("[redacted]");
  });
});
