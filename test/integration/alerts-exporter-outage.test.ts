import { EXPORTER_METRICS, createQualityExporter, type QualityExporter } from "@answerscope/alerts";
import { createWarehouse, migrate, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clickHouseOutage, type ClickHouseOutage } from "../src/clickhouse-outage";
import {
  exporterConfig,
  manyModelsAndTools,
  parseExposition,
  PRODUCT_METRICS,
  type Sample,
} from "../src/exporter-figures";
import { loadThroughSink } from "../src/load-through-sink";

// A server taken away and brought back: the embedded engine has no server to lose, so this file
// runs in the integration project only (alerts-exporter.test.ts runs the queries on 26.x too).
describe("quality exporter during a ClickHouse outage", () => {
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
    exporter = createQualityExporter({
      warehouse,
      config: exporterConfig({ CLICKHOUSE_URL: url, CLICKHOUSE_DATABASE: "answerscope_alerts_outage" }),
      clock: () => clockMs,
    });
  });

  afterAll(async () => {
    await warehouse.close();
    await clickhouse.close();
  });

  it("keeps serving the last values while the staleness and failure metrics rise, and recovers by itself", async () => {
    const figures = async () => parseExposition(await exporter.metrics.render());
    const value = (samples: Sample[], name: string) => samples.find((s) => s.name === name)?.value;
    const quality = (samples: Sample[]) =>
      samples.filter((s) => PRODUCT_METRICS.has(s.name) && !Object.values(EXPORTER_METRICS).includes(s.name as never));

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
