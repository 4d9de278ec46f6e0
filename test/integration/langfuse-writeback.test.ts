import { createQualityExporter, GAUGES, loadExporterConfig } from "@answerscope/alerts";
import {
  evaluateOutcomes,
  langfuseApi,
  loadLangfuseConfig,
  pendingOutcomes,
  queryRows,
  sqlValue,
  stableId,
  startLangfuseService,
  startLangfuseWriteback,
  writeBackTenant,
  writebackStatus,
  type LangfuseConfig,
  type PageKey,
  type Warehouse,
  type WritebackResult,
} from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { EventBuilder } from "../reference";
import { startTestApi, type TestApi } from "../src/api-server";
import { startFakeLangfuse, type FakeLangfuse, type ReceivedSpan, type RecordedRequest } from "../src/fake-langfuse";
import { loadThroughSink } from "../src/load-through-sink";
import { createLogger } from "@answerscope/runtime";
import { waitFor } from "@answerscope/test-kit";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

/**
 * Answerscope's verdicts written back to Langfuse (issue 47): the real outcome evaluator labels
 * responses in a real ClickHouse, the write-back sends them to a stand-in for Langfuse
 * (test/src/fake-langfuse.ts: Langfuse cannot run here). The stand-in follows Langfuse's server
 * code and public API reference for each endpoint it serves: `POST /api/public/scores`
 * (web/src/pages/api/public/scores/index.ts, PostScoresBody: 200 `{ id }`, 400, an id given twice
 * is an update), `POST /api/public/otel/v1/traces` (web/src/pages/api/public/otel/v1/traces/index.ts:
 * OTLP/HTTP protobuf decoded by the same generated protobufjs code the server uses), Basic auth
 * (401), 429 with `Retry-After` (RateLimitService.ts). Documentation followed: the public API
 * reference (the OpenAPI spec `@langfuse/client` 5.11 is generated from: scores.create, Basic auth)
 * and the OpenTelemetry integration page (langfuse.com/integrations/native/opentelemetry: the
 * `/api/public/otel` OTLP endpoint, Basic auth, `x-langfuse-ingestion-version: 4` for direct
 * exporters). The test asserts the exact requests.
 */
const TENANT = "t-lf";
const OTHER = "t-nolf";
const KEYS = { publicKey: "pk-lf-1234", secretKey: "sk-lf-very-secret-5678" };
/** Trace ids as OpenTelemetry-based Langfuse SDKs create them (32 hex), and one of an older SDK that OTLP cannot carry. */
const T1 = "4bf92f3577b34da6a3ce929d0e0e4736";
const T2 = "trace-legacy-2";
const T3 = "0af7651916cd43dd8448eb211c80319c";
const b = new EventBuilder(TENANT, "2026-11-30T10:00:00.000Z", "lfw");
const o = new EventBuilder(OTHER, "2026-11-30T10:00:00.000Z", "lfo");

const events = [
  // r1: rated up, its one tool call completed: excellent.
  b.response("r1", 0, { session_id: "s1", trace_id: T1, tool_count: 1, tools_used_names: ["search"] }),
  b.tool("c1", "completed", 1, { session_id: "s1", response_id: "r1" }),
  b.feedback(30, { target_id: "r1", rating: "up" }),
  // r2: slow (25 s: past the 10 s target, within 4 x), one of two calls failed, rated down: bad.
  b.response("r2", 60, {
    session_id: "s2",
    trace_id: T2,
    time_cost_ms: 25_000,
    tool_count: 2,
    tools_used_names: ["search", "fetch"],
  }),
  b.tool("c2a", "completed", 61, { session_id: "s2", response_id: "r2" }),
  b.tool("c2b", "failed", 62, { session_id: "s2", response_id: "r2", tool_name: "fetch", error_category: "timeout" }),
  b.feedback(90, { target_id: "r2", rating: "down" }),
  // r3: re-asked within the window: bad; its follow-up r3b has no trace, so nothing goes for it.
  b.response("r3", 120, { session_id: "s3", trace_id: T3, time_cost_ms: 50_000 }),
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
  LANGFUSE_TENANTS: JSON.stringify({
    tenants: [{ tenant_id: TENANT, base_url: langfuse.url, public_key: KEYS.publicKey, secret_key: KEYS.secretKey }],
  }),
  ...extra,
});
const SCORES_PATH = "/api/public/scores";
const OTEL_PATH = "/api/public/otel/v1/traces";
const BASIC = `Basic ${Buffer.from(`${KEYS.publicKey}:${KEYS.secretKey}`).toString("base64")}`;
/** One write-back pass through a client of its own, as the loop makes one per tenant. */
async function pass({ maxRetries = 3, concurrency = 4, batchSize = 100 } = {}): Promise<WritebackResult> {
  const client = langfuseApi(config.tenants[0]!, { maxRetries, timeoutSeconds: 10, concurrency });
  try {
    return await writeBackTenant(warehouse, config.tenants[0]!, client, {
      batchSize,
      latencyTargetMs: config.LANGFUSE_LATENCY_TARGET_MS,
    });
  } finally {
    await client.close();
  }
}
const evaluate = () => evaluateOutcomes(warehouse, { settleMs: 0 });
const sentTo = (path: string, from = 0): RecordedRequest[] =>
  langfuse.requests.slice(from).filter((r) => r.path === path);
/** The event's span and parent ids, as Answerscope derives them from tenant and response. */
const eventIds = (responseId: string) => {
  const hex = stableId(TENANT, responseId, "response_outcome_evaluated").replaceAll("-", "");
  return { spanId: hex.slice(0, 16), parentSpanId: hex.slice(16, 32) };
};
/** The exporter's write-back gauges after one refresh, as a scrape reads them. */
async function exportedWriteback(
  tenant: string,
): Promise<{ lag: string | undefined; failing: string | undefined; series: string[] }> {
  const exporter = createQualityExporter({ warehouse, config: loadExporterConfig({ EXPORTER_ARRIVAL_SETTLE: "1ms" }) });
  expect(await exporter.refresh()).toBe(true);
  const text = await exporter.metrics.render();
  const valueOf = (name: string) => new RegExp(`^${name}\\{tenant="${tenant}"\\} (\\S+)$`, "m").exec(text)?.[1];
  const series = text.split("\n").filter((line) => line.startsWith(GAUGES.langfuseWritebackLag.name));
  return {
    lag: valueOf(GAUGES.langfuseWritebackLag.name),
    failing: valueOf(GAUGES.langfuseWritebackFailing.name),
    series,
  };
}

/** score name -> value per trace id, from the bodies of the score requests among `requests`. */
const scoresByTrace = (requests: RecordedRequest[]) => {
  const out: Record<string, Record<string, number | string>> = {};
  for (const r of requests) if (r.path === SCORES_PATH) (out[r.body.traceId] ??= {})[r.body.name] = r.body.value;
  return out;
};

beforeAll(async () => {
  // Everything the product prints while the suite runs, to check no key reaches a log.
  for (const level of ["log", "warn", "error", "info", "debug"] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (typeof a === "string" ? a : (JSON.stringify(a) ?? String(a)))).join(" "));
      original(...args);
    });
  }
  ({ warehouse } = await createTestWarehouse("as_langfuse_wb"));
  langfuse = await startFakeLangfuse(KEYS);
  config = loadLangfuseConfig(configEnv());
  await loadThroughSink(warehouse, events);
  await evaluate();
  api = await startTestApi({
    warehouse,
    keys: [
      { key: READ.lf, tenant_id: TENANT, kind: "read" },
      { key: READ.other, tenant_id: OTHER, kind: "read" },
    ],
  });
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
    // r1 and r2: six scores each; r3: five (no tool calls). r2's trace id is no OTel trace id: no event.
    expect(result).toMatchObject({
      tenantId: TENANT,
      responses: 3,
      scores: 17,
      events: 2,
      eventsSkipped: 1,
      rejected: 0,
    });
    first = langfuse.requests.slice();
  });

  it("sends each score as one request of the score API and the events as one OTLP request after them, with Basic auth", () => {
    expect(first.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      ...Array(17).fill(`POST ${SCORES_PATH} 200`),
      `POST ${OTEL_PATH} 200`,
    ]);
    for (const r of first) expect(r.authorization).toBe(BASIC);
    expect(scoresByTrace(first)).toEqual({
      [T1]: {
        response_outcome_label: "excellent",
        user_feedback_score: 1,
        implicit_resolution_score: 1,
        response_quality_score: 1,
        tool_execution_score: 1,
        latency_satisfaction_score: 1,
      },
      [T2]: {
        response_outcome_label: "bad",
        user_feedback_score: -1,
        implicit_resolution_score: 1,
        response_quality_score: 0.25,
        tool_execution_score: 0.5,
        latency_satisfaction_score: 0.5,
      },
      // No tool calls: no tool_execution_score; 50 s is past 4 x the target.
      [T3]: {
        response_outcome_label: "bad",
        user_feedback_score: 0,
        implicit_resolution_score: -1,
        response_quality_score: 0.25,
        latency_satisfaction_score: 0,
      },
    });
    // Every score's id is Answerscope's stable id of tenant, response and name.
    const responseOf: Record<string, string> = { [T1]: "r1", [T2]: "r2", [T3]: "r3" };
    for (const r of sentTo(SCORES_PATH))
      expect(r.body.id).toBe(stableId(TENANT, responseOf[r.body.traceId]!, r.body.name));
    const label = first.find((r) => r.body?.traceId === T1 && r.body.name === "response_outcome_label")!;
    expect(label.body).toEqual({
      id: stableId(TENANT, "r1", "response_outcome_label"),
      traceId: T1,
      name: "response_outcome_label",
      dataType: "CATEGORICAL",
      value: "excellent",
      comment: "answerscope rated_up_no_failed_tools",
    });
    expect([...langfuse.scores.values()].every((s) => s.updates === 0)).toBe(true);
  });

  it("sends the verdict as an event span under the original trace, decoded as Langfuse's OTel endpoint decodes it", () => {
    const otel = first.at(-1)!;
    expect(otel.headers["content-type"]).toBe("application/x-protobuf");
    expect(otel.headers["x-langfuse-ingestion-version"]).toBe("4");
    const spans = otel.body as ReceivedSpan[];
    expect(spans.map((s) => s.traceId).sort()).toEqual([T3, T1].sort());
    const r3 = spans.find((s) => s.traceId === T3)!;
    // A child of a parent derived from the response: never a root span, which Langfuse would map to an update of the trace itself.
    expect(r3).toMatchObject({
      ...eventIds("r3"),
      name: "response_outcome_evaluated",
      scope: "answerscope-langfuse-writeback",
      resourceAttributes: { "service.name": "answerscope" },
    });
    // At the answer's time (r3 at 10:02), no duration.
    expect(r3.startTimeUnixNano).toBe(`${Date.parse("2026-11-30T10:02:00.000Z")}000000`);
    expect(r3.endTimeUnixNano).toBe(r3.startTimeUnixNano);
    const evaluatedAt = r3.attributes["langfuse.observation.metadata.evaluated_at"];
    expect(new Date(String(evaluatedAt)).toISOString()).toBe(evaluatedAt);
    expect(r3.attributes).toEqual({
      "langfuse.observation.type": "event",
      "langfuse.observation.metadata.label": "bad",
      "langfuse.observation.metadata.rule": "reask_followup",
      "langfuse.observation.metadata.window_closed": "true",
      "langfuse.observation.metadata.window_ms": "600000",
      "langfuse.observation.metadata.followup_response_id": "r3b",
      "langfuse.observation.metadata.followup_is_reask": "true",
      "langfuse.observation.metadata.response_id": "r3",
      "langfuse.observation.metadata.evaluated_at": evaluatedAt,
    });
    // No follow-up: the SDK's attribute mapping leaves a null metadata value out.
    const r1 = spans.find((s) => s.traceId === T1)!;
    expect(r1).toMatchObject({
      ...eventIds("r1"),
      attributes: {
        "langfuse.observation.metadata.label": "excellent",
        "langfuse.observation.metadata.rule": "rated_up_no_failed_tools",
      },
    });
    expect(r1.attributes).not.toHaveProperty("langfuse.observation.metadata.followup_response_id");
    expect([...langfuse.spans.keys()].sort()).toEqual([eventIds("r1").spanId, eventIds("r3").spanId].sort());
  });

  it("sends nothing for a tenant without configuration, nor a pending, untraced or unchanged verdict", async () => {
    const traces = new Set([
      ...sentTo(SCORES_PATH).map((r) => r.body.traceId),
      ...sentTo(OTEL_PATH).flatMap((r) => r.body.map((s: ReceivedSpan) => s.traceId)),
    ]);
    expect([...traces].sort()).toEqual([T1, T2, T3].sort());
    const before = langfuse.requests.length;
    expect(await pass()).toMatchObject({ responses: 0 });
    expect(langfuse.requests.length).toBe(before);
    // A loop with no tenant configured sends nothing at all.
    let passes = 0;
    const failures: string[] = [];
    const stop = startLangfuseWriteback(warehouse, loadLangfuseConfig({ LANGFUSE_WRITEBACK_INTERVAL_MS: "20" }), {
      onPass: () => void passes++,
      onError: (_, message) => void failures.push(message),
    });
    await waitFor(
      async () => passes,
      (n) => n >= 2,
      { timeoutMs: 10_000, what: "two passes without tenants" },
    );
    await stop();
    expect(langfuse.requests.length).toBe(before);
    expect(failures).toEqual([]);
  });

  it("a re-label sends the changed scores under the same ids with the new values, and the same event span", async () => {
    const from = langfuse.requests.length;
    // The owner changes r1's rating to down: the evaluator re-labels r1 bad.
    await loadThroughSink(warehouse, [b.feedback(300, { target_id: "r1", rating: "down" })]);
    await evaluate();
    // The three scores whose value changed; the other three Langfuse holds as they are.
    expect(await pass()).toMatchObject({ responses: 1, scores: 3, events: 1 });
    const sent = langfuse.requests.slice(from);
    expect(scoresByTrace(sent)).toEqual({
      [T1]: { response_outcome_label: "bad", user_feedback_score: -1, response_quality_score: 0.25 },
    });
    for (const r of sentTo(SCORES_PATH, from)) expect(r.body.id).toBe(stableId(TENANT, "r1", r.body.name));
    expect(langfuse.scores.get(stableId(TENANT, "r1", "user_feedback_score"))).toMatchObject({ value: -1, updates: 1 });
    expect([...langfuse.scores.values()].filter((s) => s.traceId === T1)).toHaveLength(6);
    // The event: the same span id again (Langfuse keeps one observation per id), with the new label.
    expect(
      sentTo(OTEL_PATH, from)
        .flatMap((r) => r.body as ReceivedSpan[])
        .map((s) => [s.spanId, s.attributes["langfuse.observation.metadata.label"]]),
    ).toEqual([[eventIds("r1").spanId, "bad"]]);
    expect(langfuse.spans.size).toBe(2);
  });

  it("the response detail lists the scores written for the response, as last written", async () => {
    const detail = await api.get("/api/v1/responses/r1?tenant_id=" + TENANT, READ.lf);
    expect(detail.status).toBe(200);
    const byName = Object.fromEntries(detail.body.langfuse_scores.map((s: any) => [s.name, s]));
    expect(Object.keys(byName).sort()).toEqual([
      "implicit_resolution_score",
      "latency_satisfaction_score",
      "response_outcome_label",
      "response_quality_score",
      "tool_execution_score",
      "user_feedback_score",
    ]);
    expect(byName.response_outcome_label).toMatchObject({
      data_type: "CATEGORICAL",
      string_value: "bad",
      value: null,
      trace_id: T1,
      score_id: stableId(TENANT, "r1", "response_outcome_label"),
    });
    expect(byName.user_feedback_score).toMatchObject({
      data_type: "NUMERIC",
      value: -1,
      string_value: null,
      score_id: stableId(TENANT, "r1", "user_feedback_score"),
    });
    // No trace: nothing written, an empty list.
    expect((await api.get("/api/v1/responses/r4?tenant_id=" + TENANT, READ.lf)).body.langfuse_scores).toEqual([]);
  });

  it("backs off on 429 (waiting Retry-After) and on 5xx, then sends the score", async () => {
    const from = langfuse.requests.length;
    await loadThroughSink(warehouse, [b.feedback(330, { target_id: "r2", rating: "up" })]);
    await evaluate();
    langfuse.failNext({ status: 429, retryAfterS: 2, path: SCORES_PATH }, { status: 503, path: SCORES_PATH });
    expect(await pass({ concurrency: 1 })).toMatchObject({ responses: 1, scores: 3 });
    const firstId = sentTo(SCORES_PATH, from)[0]!.body.id;
    const tries = sentTo(SCORES_PATH, from).filter((r) => r.body.id === firstId);
    expect(tries.map((r) => r.status)).toEqual([429, 503, 200]);
    // Retry-After: 2 s; after the 503 the client's first backoff, 1 s +- 10 %.
    expect(tries[1]!.atMs - tries[0]!.atMs).toBeGreaterThanOrEqual(1_950);
    expect(tries[2]!.atMs - tries[1]!.atMs).toBeGreaterThanOrEqual(850);
    expect(new Set(tries.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(scoresByTrace(sentTo(SCORES_PATH, from))[T2]).toMatchObject({
      response_outcome_label: "good",
      user_feedback_score: 1,
    });
  }, 30_000);

  it("backs off on 429 (waiting Retry-After) and on 5xx, then sends the events", async () => {
    const from = langfuse.requests.length;
    await loadThroughSink(warehouse, [b.feedback(335, { target_id: "r1", rating: "up" })]);
    await evaluate();
    langfuse.failNext({ status: 429, retryAfterS: 2, path: OTEL_PATH }, { status: 503, path: OTEL_PATH });
    expect(await pass()).toMatchObject({ responses: 1, scores: 3, events: 1 });
    const tries = sentTo(OTEL_PATH, from);
    expect(tries.map((r) => r.status)).toEqual([429, 503, 200]);
    // Retry-After: 2 s; after the 503 the exporter's first backoff, 1 s +- 20 %.
    expect(tries[1]!.atMs - tries[0]!.atMs).toBeGreaterThanOrEqual(1_950);
    expect(tries[2]!.atMs - tries[1]!.atMs).toBeGreaterThanOrEqual(780);
    expect(new Set(tries.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(
      (tries[2]!.body as ReceivedSpan[]).map((s) => [s.traceId, s.attributes["langfuse.observation.metadata.label"]]),
    ).toEqual([[T1, "excellent"]]);
  }, 30_000);

  it.each([
    ["an event, by a Langfuse without the OTel endpoint", OTEL_PATH, 404, 340, "down", { scores: 3, events: 0 }],
    ["an event, as malformed", OTEL_PATH, 400, 345, "up", { scores: 3, events: 0 }],
    ["a score, as malformed", SCORES_PATH, 400, 350, "down", { scores: 2, events: 1 }],
  ] as const)(
    "a write refused for good (%s) is counted, not retried, and stops nothing else",
    async (_, path, status, sec, rating, written) => {
      const from = langfuse.requests.length;
      await loadThroughSink(warehouse, [b.feedback(sec, { target_id: "r1", rating })]);
      await evaluate();
      langfuse.failNext({ status, path });
      expect(await pass({ concurrency: 1 })).toMatchObject({
        responses: 1,
        rejected: 1,
        // What the role logs of the refusal: counts by status, no ids.
        rejectedByStatus: { [status]: 1 },
        ...written,
      });
      expect(
        sentTo(path, from)
          .map((r) => r.status)
          .filter((s) => s === status),
      ).toEqual([status]);
      expect(langfuse.scores.get(stableId(TENANT, "r1", "user_feedback_score"))).toMatchObject({
        value: rating === "up" ? 1 : -1,
      });
      expect(await writebackStatus(warehouse, TENANT)).toMatchObject({ lagMs: 0, failing: null });
    },
  );

  it("pages a backlog by its label versions: each response once, with its current label, at any page size", async () => {
    // Two evaluator runs before a pass: r1 and r2 re-rated in the first, r2's rating withdrawn in the second.
    await loadThroughSink(warehouse, [
      b.feedback(370, { target_id: "r1", rating: "up" }),
      b.feedback(371, { target_id: "r2", rating: "down" }),
    ]);
    await evaluate();
    await loadThroughSink(warehouse, [b.feedback(372, { target_id: "r2", rating: "cleared" })]);
    await evaluate();
    const from = langfuse.requests.length;
    // Pages of one label version: (run 1, r1) sent; (run 1, r2) passed over, r2's current row is run 2's; (run 2, r2) sent.
    const result = await pass({ batchSize: 1 });
    expect(result).toMatchObject({ responses: 2, events: 1 });
    const ids = sentTo(SCORES_PATH, from).map((r) => r.body.id);
    expect(result.scores).toBe(ids.length);
    expect(new Set(ids).size).toBe(ids.length);
    // r2 as run 2 left it (no rating), never as run 1 did (down).
    expect(scoresByTrace(sentTo(SCORES_PATH, from))).toMatchObject({
      [T1]: { user_feedback_score: 1 },
      [T2]: { user_feedback_score: 0 },
    });
    expect(await writebackStatus(warehouse, TENANT)).toMatchObject({ lagMs: 0, failing: null });
  });

  it("pages only the tenant's own label versions, though another tenant's lie between them", async () => {
    const labelRows = async (tenantId: string) =>
      Number(
        (
          await queryRows<{ n: string }>(
            warehouse,
            `SELECT count() AS n FROM ${warehouse.table("response_labels")} WHERE tenant_id = ${sqlValue(tenantId)}`,
          )
        )[0]!.n,
      );
    const [own, other] = [await labelRows(TENANT), await labelRows(OTHER)];
    expect(own).toBeGreaterThan(1);
    expect(other).toBeGreaterThan(0);
    // One version per page: a page key per label row of the tenant's, and none for another's.
    let pages = 0;
    for (
      let after: PageKey | undefined, page;
      (page = await pendingOutcomes(warehouse, {
        tenantId: TENANT,
        afterMs: 0,
        upToMs: Date.now() + 3_600_000,
        after,
        limit: 1,
      })).next;
      after = page.next
    )
      pages++;
    expect(pages).toBe(own);
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
      const stop = startLangfuseWriteback(
        warehouse,
        { ...config, LANGFUSE_MAX_RETRIES: 1, LANGFUSE_CONCURRENCY: 1, LANGFUSE_WRITEBACK_INTERVAL_MS: 60_000 },
        { onPass: () => void passes++, onError: (_, message) => void errors.push(message) },
      );
      await waitFor(
        async () => passes,
        (n) => n >= 1,
        { timeoutMs: 20_000, what: "a write-back pass" },
      );
      await stop();
      expect(errors).toEqual(["Langfuse score write failed: HTTP 500"]);
      const down = await writebackStatus(warehouse, TENANT);
      expect(down.writtenThroughMs).toBe(markBefore);
      expect(down.lagMs).toBeGreaterThan(0);
      expect(down.failing).toBe("Langfuse score write failed: HTTP 500");
      // The lag and the failure on the exporter (label tenant only; no series for a tenant without write-back)...
      const exported = await exportedWriteback(TENANT);
      expect(Number(exported.lag)).toBeCloseTo(down.lagMs / 1000, 3);
      expect(exported.failing).toBe("1");
      expect(exported.series).toEqual([`${GAUGES.langfuseWritebackLag.name}{tenant="${TENANT}"} ${exported.lag}`]);
      // ...and in the API's tenant status, each tenant its own.
      const status = await api.get(`/api/v1/langfuse/writeback?tenant_id=${TENANT}`, READ.lf);
      expect(status.status).toBe(200);
      expect(status.body).toMatchObject({
        enabled: true,
        failing: true,
        error: "Langfuse score write failed: HTTP 500",
        lag_seconds: down.lagMs / 1000,
        written_through: new Date(markBefore).toISOString(),
      });
      expect((await api.get(`/api/v1/langfuse/writeback?tenant_id=${OTHER}`, READ.other)).body).toEqual({
        enabled: false,
        written_through: null,
        labels_through: null,
        lag_seconds: null,
        last_success_at: null,
        failing: false,
        error: null,
      });
      // Langfuse back: the next pass sends r3's new rating (still bad: the re-ask rule comes first) and the lag is gone.
      expect((await pass({ maxRetries: 0 })).responses).toBe(1);
      expect(await writebackStatus(warehouse, TENANT)).toMatchObject({ lagMs: 0, failing: null });
      expect(await exportedWriteback(TENANT)).toMatchObject({ lag: "0", failing: "0" });
      expect((await api.get(`/api/v1/langfuse/writeback?tenant_id=${TENANT}`, READ.lf)).body).toMatchObject({
        enabled: true,
        failing: false,
        error: null,
        lag_seconds: 0,
      });
      expect(langfuse.scores.get(stableId(TENANT, "r3", "user_feedback_score"))).toMatchObject({
        value: 1,
        updates: 1,
      });
    }, 30_000);
  });

  it("logs the role's start and a failing pass as JSON lines of the process's logger, never the secret key", async () => {
    langfuse.failNext({ status: 401 });
    await loadThroughSink(warehouse, [b.feedback(400, { target_id: "r3", rating: "down" })]);
    await evaluate();
    const lines: string[] = [];
    const logger = createLogger("langfuse", { destination: { write: (line: string) => void lines.push(line) } });
    const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const role = startLangfuseService(
      { ...config, LANGFUSE_MAX_RETRIES: 0, LANGFUSE_WRITEBACK_INTERVAL_MS: 60_000 },
      logger,
      warehouse,
    );
    const failed = await waitFor(
      async () => entries().find((entry) => entry.msg === "langfuse write-back pass failed"),
      (entry) => entry !== undefined,
      { timeoutMs: 20_000, what: "the failed pass's log line" },
    );
    await role.stop();
    expect(failed).toMatchObject({ level: "error", service: "langfuse", tenant: TENANT });
    expect(entries()).toContainEqual(
      expect.objectContaining({ level: "info", msg: "langfuse write-back started", tenants: [TENANT] }),
    );
    expect((await writebackStatus(warehouse, TENANT)).failing).toBe("Langfuse score write failed: HTTP 401");
    expect(lines.filter((line) => line.includes(KEYS.secretKey))).toEqual([]);
    expect(logged.filter((line) => line.includes(KEYS.secretKey))).toEqual([]);
    expect(JSON.stringify(config)).not.toContain(KEYS.secretKey);
    expect(String(config.tenants[0]!.secret_key)).toBe("[redacted]");
  });
});
