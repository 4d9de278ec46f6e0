import { ALLOWED_LABELS, COUNTERS, EXPORTER_METRICS, GAUGES, LATENCY_HISTOGRAM, createQualityExporter, loadExporterConfig, type QualityExporter } from "@answerscope/alerts";
import { makeFeedback, makeResponseCompleted, makeToolCall } from "@answerscope/contracts";
import { createWarehouse, migrate, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadThroughSink } from "../src/load-through-sink";
import { clickHouseOutage, type ClickHouseOutage } from "../src/clickhouse-outage";
import { testEngine } from "../src/test-engine";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The exposition text as samples (our label values never contain `"`, `,` or `=`). */
function parseExposition(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`unparsable line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

const PRODUCT_METRICS = new Set<string>([
  ...Object.values(GAUGES).map((g) => g.name),
  ...Object.values(COUNTERS).map((c) => c.name),
  ...["_bucket", "_sum", "_count"].map((suffix) => LATENCY_HISTOGRAM.name + suffix),
  ...Object.values(EXPORTER_METRICS),
]);
/** Labels that would identify a person, a conversation or an answer, or carry text. */
const FORBIDDEN = ["user_id", "user", "session_id", "session", "response_id", "event_id", "tool_call_id", "target_id", "query_text", "comment", "reason_text", "text", "trace_id"];

/** The exporter's config on a test warehouse (`warehouseEnv`: createTestWarehouse's env, or a server's variables). */
const exporterConfig = (warehouseEnv: Record<string, string>, env: Record<string, string> = {}) =>
  loadExporterConfig({ ...warehouseEnv, EXPORTER_ARRIVAL_SETTLE: "1ms", EXPORTER_QUERY_TIMEOUT_MS: "3000", ...env });

/** Answers of many models over many tools (one call each), rated, for one tenant and the last hour. */
function manyModelsAndTools(tenantId: string, count: number, runId: string, nowMs: number): object[] {
  const events: object[] = [];
  for (let i = 0; i < count; i++) {
    const id = `${runId}-${i}`;
    const at = (offsetMs: number) => new Date(nowMs - 50 * 60_000 + i * 5_000 + offsetMs).toISOString();
    const common = { tenant_id: tenantId, session_id: `session-${id}`, user_id: `user-${id}` };
    events.push(
      makeResponseCompleted({ ...common, event_id: `${id}-r`, response_id: `response-${id}`, occurred_at: at(2_000), model: `model-${i}`, channel: `channel-${i % 40}`, provider: `provider-${i % 30}`, tools_used_names: [`tool-${i}`], query_text: `secret question ${id}` }),
      makeToolCall({ ...common, event_id: `${id}-t1`, tool_call_id: `call-${id}`, response_id: `response-${id}`, status: "started", tool_name: `tool-${i}`, occurred_at: at(0) }),
      makeToolCall({ ...common, event_id: `${id}-t2`, tool_call_id: `call-${id}`, response_id: `response-${id}`, status: i % 3 ? "completed" : "failed", tool_name: `tool-${i}`, occurred_at: at(1_000), ...(i % 3 ? {} : { error_message: "boom", error_category: "timeout" }) }),
      makeFeedback({ ...common, event_id: `${id}-f`, client_feedback_id: `fb-${id}`, target_id: `response-${id}`, occurred_at: at(3_000), rating: i % 4 ? "up" : "down", ...(i % 4 ? {} : { reason: "incorrect", comment: `private comment ${id}` }) }),
    );
  }
  return events;
}

describe("quality exporter on a real ClickHouse", () => {
  let warehouse: Warehouse;
  let warehouseEnv: Record<string, string>;

  beforeAll(async () => {
    ({ warehouse, env: warehouseEnv } = await createTestWarehouse("as_alerts_exporter"));
  });
  afterAll(async () => {
    await dropTestWarehouse(warehouse);
  });

  it("keeps every label under its cap with 500 distinct models and tools, and never emits an id or text", async () => {
    const now = Date.now();
    await loadThroughSink(warehouse, manyModelsAndTools("many", 250, "first", now));
    // loadThroughSink stamps ingested_at_ms 1 ms apart from its start, so the last of 1,000 events is
    // "ingested" up to a second ahead: wait until all of them are in the past before the counters start.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const config = exporterConfig(warehouseEnv);
    const exporter = createQualityExporter({ warehouse, config });
    expect(await exporter.refresh()).toBe(true); // creates the counters' series at 0
    // 250 more models and tools arrive after the exporter started: counted by the counters.
    await loadThroughSink(warehouse, manyModelsAndTools("many", 500, "second", now).slice(250 * 4));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await exporter.refresh()).toBe(true);
    const text = await exporter.metrics.render();
    const samples = parseExposition(text);

    const distinct = (label: string, names: Iterable<string>) => {
      const wanted = new Set(names);
      return new Set(samples.filter((s) => wanted.has(s.name) && s.labels[label] !== undefined).map((s) => s.labels[label]));
    };
    const caps = { model: config.EXPORTER_MAX_MODELS, tool_name: config.EXPORTER_MAX_TOOLS, channel: config.EXPORTER_MAX_CHANNELS, provider: config.EXPORTER_MAX_PROVIDERS, tenant: config.EXPORTER_MAX_TENANTS };
    // Every metric stays within its caps (top N + other)...
    for (const name of PRODUCT_METRICS) for (const [label, cap] of Object.entries(caps)) expect(distinct(label, [name]).size, `${name} ${label}`).toBeLessThanOrEqual(cap + 1);
    expect(distinct("model", [GAUGES.windowResponses.name]).size).toBe(config.EXPORTER_MAX_MODELS + 1);
    expect(distinct("model", [COUNTERS.responses.name])).toContain("other");
    expect(distinct("tool_name", [COUNTERS.toolCalls.name]).size).toBe(config.EXPORTER_MAX_TOOLS + 1);
    // ...and all metrics together at most twice: counters keep the values they started with (a value never moves
    // between counter series), gauges follow the current busiest ones.
    for (const [label, cap] of Object.entries(caps)) expect(distinct(label, PRODUCT_METRICS).size, label).toBeLessThanOrEqual(2 * cap + 1);

    // The folded series still count everything: 500 responses in the windows, 250 arrived since the start.
    const sum = (name: string, where: Record<string, string> = {}) =>
      samples.filter((s) => s.name === name && Object.entries(where).every(([k, v]) => s.labels[k] === v)).reduce((total, s) => total + s.value, 0);
    expect(sum(GAUGES.windowResponses.name, { window: "1h" })).toBe(500);
    expect(sum(COUNTERS.responses.name)).toBe(250);
    expect(sum(COUNTERS.toolCalls.name)).toBe(500);
    expect(sum(`${LATENCY_HISTOGRAM.name}_count`)).toBe(250);
    expect(sum(EXPORTER_METRICS.cappedValues, { label: "model" })).toBe(500 - config.EXPORTER_MAX_MODELS);

    // Bounded whatever appears: at most (models+1) x (channels+1) slices per tenant, and the product series stay in the low thousands.
    const productSeries = samples.filter((s) => PRODUCT_METRICS.has(s.name));
    expect(productSeries.length).toBeLessThan(5000);

    // No forbidden label name anywhere, only allowed ones on product metrics, no id or text anywhere.
    for (const sample of samples) for (const label of Object.keys(sample.labels)) expect(FORBIDDEN).not.toContain(label);
    for (const sample of productSeries) for (const label of Object.keys(sample.labels)) expect(ALLOWED_LABELS as readonly string[]).toContain(label);
    for (const leak of ["user-", "session-", "response-", "call-", "secret question", "private comment", "boom"]) expect(text).not.toContain(leak);
  });

  it("caps tenants too", async () => {
    const { warehouse: own, env: ownEnv } = await createTestWarehouse("as_alerts_tenants");
    try {
      const now = Date.now();
      await loadThroughSink(own, Array.from({ length: 30 }, (_, t) => manyModelsAndTools(`tenant-${t}`, 2, `t${t}`, now)).flat());
      const config = exporterConfig(ownEnv, { EXPORTER_MAX_TENANTS: "5" });
      const exporter = createQualityExporter({ warehouse: own, config });
      expect(await exporter.refresh()).toBe(true);
      const tenants = new Set(parseExposition(await exporter.metrics.render()).filter((s) => s.labels.tenant !== undefined).map((s) => s.labels.tenant));
      expect(tenants.size).toBe(6);
      expect(tenants).toContain("other");
    } finally {
      await dropTestWarehouse(own);
    }
  });
});

// A server taken away and brought back: the embedded engine has no server to lose, so this part
// runs in the integration project only (the engine-26 project runs the queries above on 26.x).
describe.runIf(testEngine() === "server")("quality exporter during a ClickHouse outage", () => {
  let clickhouse: ClickHouseOutage;
  let warehouse: Warehouse;
  let exporter: QualityExporter;
  let clockMs = Date.now();

  beforeAll(async () => {
    clickhouse = await clickHouseOutage("it-alerts-outage");
    const { url } = clickhouse;
    warehouse = createWarehouse({ url, database: "answerscope_alerts_outage", requestTimeoutMs: 3000 });
    await warehouse.client.command({ query: "DROP DATABASE IF EXISTS answerscope_alerts_outage" });
    await migrate(warehouse);
    await loadThroughSink(warehouse, manyModelsAndTools("outage", 20, "outage", Date.now()));
    exporter = createQualityExporter({ warehouse, config: exporterConfig({ CLICKHOUSE_URL: url, CLICKHOUSE_DATABASE: "answerscope_alerts_outage" }), clock: () => clockMs });
  });

  afterAll(async () => {
    await warehouse.close();
    await clickhouse.close();
  });

  it("keeps serving the last values while the staleness and failure metrics rise, and recovers by itself", async () => {
    const figures = async () => parseExposition(await exporter.metrics.render());
    const value = (samples: Sample[], name: string) => samples.find((s) => s.name === name)?.value;
    const quality = (samples: Sample[]) => samples.filter((s) => PRODUCT_METRICS.has(s.name) && !Object.values(EXPORTER_METRICS).includes(s.name as never));

    expect(await exporter.refresh()).toBe(true);
    const before = await figures();
    expect(value(before, EXPORTER_METRICS.dataAge)).toBe(0);
    expect(quality(before).length).toBeGreaterThan(50);

    await clickhouse.stop();
    clockMs += 60_000;
    expect(await exporter.refresh()).toBe(false);
    clockMs += 60_000;
    expect(await exporter.refresh()).toBe(false);
    const during = await figures();
    expect(value(during, EXPORTER_METRICS.dataAge)).toBe(120);
    expect(value(during, EXPORTER_METRICS.failures)).toBe(2);
    expect(value(during, EXPORTER_METRICS.warehouseUp)).toBe(0);
    expect(value(during, EXPORTER_METRICS.lastSuccess)).toBe(value(before, EXPORTER_METRICS.lastSuccess));
    expect(quality(during)).toEqual(quality(before));

    await clickhouse.start();
    clockMs += 60_000;
    expect(await exporter.refresh()).toBe(true);
    const after = await figures();
    expect(value(after, EXPORTER_METRICS.dataAge)).toBe(0);
    expect(value(after, EXPORTER_METRICS.warehouseUp)).toBe(1);
  });
});
