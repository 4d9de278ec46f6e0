import { classifyQuery } from "@answerscope/contracts";
import { evaluateOutcomes, queryMetrics, type Dimension, type MetricsQueryInput, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diffMetricsRows, generateEdgeCaseDataset, referenceMetrics } from "../reference";
import { loadThroughSink } from "../src/load-through-sink";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

/**
 * The metrics route's figures against the independent reference implementation of
 * metrics-v1.md, over a data set with every edge case, loaded through the real sink.
 * Quantiles within 2 %, everything else exact, null where a denominator is 0.
 */
const dataset = generateEdgeCaseDataset(42);
const MINUTE = 60_000;
const from = Date.parse(dataset.range.from);
const to = Date.parse(dataset.range.to);

const RANGES: { name: string; from: number; to: number }[] = [
  { name: "whole data set range", from, to },
  // Not on 5-minute boundaries: the edges come from the facts, the middle from the view.
  { name: "unaligned sub-range", from: from + 7 * 60 * MINUTE + 13_457, to: to - 9 * 60 * MINUTE - 61_001 },
  // One whole day (from the day rows) with partial hours and 5-minute edges on both sides.
  { name: "a whole day and its edges", from: from - 47 * MINUTE - 5_001, to: from + 24 * 60 * MINUTE + 95 * MINUTE + 17_003 },
  { name: "under five minutes", from: from + 12 * 60 * MINUTE + 60_000, to: from + 12 * 60 * MINUTE + 200_000 },
  { name: "an empty range", from: from - 30 * 24 * 60 * MINUTE, to: from - 29 * 24 * 60 * MINUTE },
];

const SHAPES: { group_by?: Dimension[]; bucket?: "5m" | "hour" | "day"; filters?: Partial<Record<Dimension, string[]>> }[] = [
  {},
  { bucket: "hour" },
  { bucket: "day" },
  { group_by: ["model"] },
  { group_by: ["channel", "prompt_version"] },
  { group_by: ["query_category"] },
  { group_by: ["tool_used"], bucket: "day" },
  { group_by: ["provider"], bucket: "5m" },
  { filters: { channel: ["web", "slack"] } },
  { filters: { model: ["legacy-model"] } },
  { filters: { prompt_version: ["v2"] }, group_by: ["bot_version"] },
  { filters: { model: ["'; DROP TABLE responses; --", "\\'", "模型"] } },
];

describe("metrics route equals the reference implementation", () => {
  let warehouse: Warehouse;

  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_metrics"));
    await loadThroughSink(warehouse, dataset.events);
    await evaluateOutcomes(warehouse, {});
  });
  afterAll(() => dropTestWarehouse(warehouse));

  const cases = dataset.tenants.flatMap((tenant) =>
    RANGES.flatMap((range) => SHAPES.map((shape) => ({ tenant, range, shape, name: `${tenant} ${range.name} ${JSON.stringify(shape)}` }))),
  );

  it.each(cases)("$name", async ({ tenant, range, shape }) => {
    const query: MetricsQueryInput = {
      tenantId: tenant,
      from: new Date(range.from).toISOString(),
      to: new Date(range.to).toISOString(),
      filters: shape.filters ?? {},
      groupBy: shape.group_by ?? [],
      bucket: shape.bucket,
    };
    const expected = referenceMetrics(dataset.events, { tenant_id: tenant, from: query.from, to: query.to, filters: shape.filters, group_by: shape.group_by, bucket: shape.bucket }, { classify: classifyQuery });
    const actual = await queryMetrics(warehouse, query);
    expect(diffMetricsRows(expected.rows, actual.rows)).toEqual([]);
    expect(actual.rows.length).toBe(expected.rows.length);
  });

  it("covers the data set (rows, ratings, re-asks and failures are present, so the comparison is not vacuous)", async () => {
    const [row] = (await queryMetrics(warehouse, { tenantId: "t-acme", from: dataset.range.from, to: dataset.range.to })).rows;
    expect(row!.response_count).toBeGreaterThan(100);
    expect(row!.thumbs_down_rate).toBeGreaterThan(0);
    expect(row!.reask_rate).toBeGreaterThan(0);
    expect(row!.outcome_counts.failed).toBeGreaterThan(0);
    expect(row!.tool_success_rate).toBeLessThan(1);
  });
});
