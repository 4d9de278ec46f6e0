import {
  ALLOWED_LABELS,
  COUNTERS,
  EXPORTER_METRICS,
  GAUGES,
  LATENCY_HISTOGRAM,
  createQualityExporter,
} from "@answerscope/alerts";
import { evaluateOutcomes, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  exporterConfig,
  FORBIDDEN,
  manyModelsAndTools,
  parseExposition,
  PRODUCT_METRICS,
} from "../src/exporter-figures";
import { EventBuilder } from "../reference";
import { loadRawEvents } from "../src/load-events";
import { loadThroughSink } from "../src/load-through-sink";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

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
      return new Set(
        samples.filter((s) => wanted.has(s.name) && s.labels[label] !== undefined).map((s) => s.labels[label]),
      );
    };
    const caps = {
      model: config.EXPORTER_MAX_MODELS,
      tool_name: config.EXPORTER_MAX_TOOLS,
      channel: config.EXPORTER_MAX_CHANNELS,
      provider: config.EXPORTER_MAX_PROVIDERS,
      tenant: config.EXPORTER_MAX_TENANTS,
    };
    // Every metric stays within its caps (top N + other)...
    for (const name of PRODUCT_METRICS)
      for (const [label, cap] of Object.entries(caps))
        expect(distinct(label, [name]).size, `${name} ${label}`).toBeLessThanOrEqual(cap + 1);
    expect(distinct("model", [GAUGES.windowResponses.name]).size).toBe(config.EXPORTER_MAX_MODELS + 1);
    expect(distinct("model", [COUNTERS.responses.name])).toContain("other");
    expect(distinct("tool_name", [COUNTERS.toolCalls.name]).size).toBe(config.EXPORTER_MAX_TOOLS + 1);
    // ...and all metrics together at most twice: counters keep the values they started with (a value never moves
    // between counter series), gauges follow the current busiest ones.
    for (const [label, cap] of Object.entries(caps))
      expect(distinct(label, PRODUCT_METRICS).size, label).toBeLessThanOrEqual(2 * cap + 1);

    // The folded series still count everything: 500 responses in the windows, 250 arrived since the start.
    const sum = (name: string, where: Record<string, string> = {}) =>
      samples
        .filter((s) => s.name === name && Object.entries(where).every(([k, v]) => s.labels[k] === v))
        .reduce((total, s) => total + s.value, 0);
    expect(sum(GAUGES.windowResponses.name, { window: "1h" })).toBe(500);
    expect(sum(COUNTERS.responses.name)).toBe(250);
    expect(sum(COUNTERS.toolCalls.name)).toBe(500);
    expect(sum(`${LATENCY_HISTOGRAM.name}_count`)).toBe(250);
    expect(sum(EXPORTER_METRICS.cappedValues, { label: "model" })).toBe(500 - config.EXPORTER_MAX_MODELS);

    // Bounded whatever appears: at most (models+1) x (channels+1) slices per tenant, and the product series stay in the low thousands.
    const productSeries = samples.filter((s) => PRODUCT_METRICS.has(s.name));
    expect(productSeries.length).toBeLessThan(5000);

    // No forbidden label name anywhere, only allowed ones on product metrics, no id or text anywhere.
    for (const sample of samples)
      for (const label of Object.keys(sample.labels)) expect(FORBIDDEN).not.toContain(label);
    for (const sample of productSeries)
      for (const label of Object.keys(sample.labels)) expect(ALLOWED_LABELS as readonly string[]).toContain(label);
    for (const leak of ["user-", "session-", "response-", "call-", "secret question", "private comment", "boom"])
      expect(text).not.toContain(leak);
  });

  it("caps tenants too", async () => {
    const { warehouse: own, env: ownEnv } = await createTestWarehouse("as_alerts_tenants");
    try {
      const now = Date.now();
      await loadThroughSink(
        own,
        Array.from({ length: 30 }, (_, t) => manyModelsAndTools(`tenant-${t}`, 2, `t${t}`, now)).flat(),
      );
      const config = exporterConfig(ownEnv, { EXPORTER_MAX_TENANTS: "5" });
      const exporter = createQualityExporter({ warehouse: own, config });
      expect(await exporter.refresh()).toBe(true);
      const tenants = new Set(
        parseExposition(await exporter.metrics.render())
          .filter((s) => s.labels.tenant !== undefined)
          .map((s) => s.labels.tenant),
      );
      expect(tenants.size).toBe(6);
      expect(tenants).toContain("other");
    } finally {
      await dropTestWarehouse(own);
    }
  });

  it("reports good_answer_rate over the final outcome labels only", async () => {
    const { warehouse: own, env: ownEnv } = await createTestWarehouse("as_alerts_outcomes");
    try {
      // Half an hour ago: inside the 1h window, past the 10-minute observation window.
      const e = new EventBuilder("t-outcomes", new Date(Date.now() - 30 * 60_000).toISOString());
      await loadRawEvents(own, [
        e.response("up", 0, { session_id: "s-up" }), // excellent (rated up, no tool call)
        e.feedback(5, { target_id: "up", rating: "up" }),
        e.response("down", 10, { session_id: "s-down" }), // bad (rated down)
        e.feedback(15, { target_id: "down", rating: "down" }),
        e.response("error", 20, { session_id: "s-error", finish_reason: "error" }), // failed
        e.response("quiet", 25, { session_id: "s-quiet" }), // good (window closed, no follow-up)
        e.response("open", 29 * 60, { session_id: "s-open" }), // pending: its window is still open
      ]);
      await evaluateOutcomes(own, { settleMs: 0 });
      // No outcome settle time: the window reaches the pending label, which must not count.
      const config = exporterConfig(ownEnv, { EXPORTER_OUTCOME_SETTLE: "1ms" });
      const exporter = createQualityExporter({ warehouse: own, config });
      expect(await exporter.refresh()).toBe(true);
      const samples = parseExposition(await exporter.metrics.render());
      const value = (name: string) =>
        samples.find((s) => s.name === name && s.labels.tenant === "t-outcomes" && s.labels.window === "1h")?.value;
      expect([value(GAUGES.goodAnswerRatio.name), value(GAUGES.goodAnswerSamples.name)]).toEqual([2 / 4, 4]);
    } finally {
      await dropTestWarehouse(own);
    }
  });
});
