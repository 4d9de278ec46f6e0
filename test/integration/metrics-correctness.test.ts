import {
  evaluateOutcomes,
  queryMetrics,
  type Dimension,
  type MetricsQueryInput,
  type Warehouse,
} from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  diffMetricsRows,
  generateEdgeCaseDataset,
  MIN_DENOMINATOR,
  referenceMetrics,
  RESPONSE_DIMENSIONS,
  type ResponseCompletedEvent,
} from "../reference";
import { loadThroughSink } from "../src/load-through-sink";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

/**
 * The metrics route's figures against the independent reference implementation of
 * docs/metrics.md, over a data set with every edge case, loaded through the real sink.
 * Quantiles within 2 %, everything else exact (the sample sizes behind every rate and mean
 * included), null where a denominator is 0. The reference classifies query texts by its own rules.
 */
const dataset = generateEdgeCaseDataset(42);
const MINUTE = 60_000;
const SETTLE_MS = 60_000;
/** The data set is loaded and evaluated in two halves of its arrival order. */
const HALF = Math.floor(dataset.events.length / 2);
const from = Date.parse(dataset.range.from);
const to = Date.parse(dataset.range.to);

const RANGES: { name: string; from: number; to: number }[] = [
  { name: "whole data set range", from, to },
  // Not on 5-minute boundaries: the edges come from the facts, the middle from the view.
  { name: "unaligned sub-range", from: from + 7 * 60 * MINUTE + 13_457, to: to - 9 * 60 * MINUTE - 61_001 },
  // One whole day (from the day rows) with partial hours and 5-minute edges on both sides.
  {
    name: "a whole day and its edges",
    from: from - 47 * MINUTE - 5_001,
    to: from + 24 * 60 * MINUTE + 95 * MINUTE + 17_003,
  },
  { name: "under five minutes", from: from + 12 * 60 * MINUTE + 60_000, to: from + 12 * 60 * MINUTE + 200_000 },
  { name: "an empty range", from: from - 30 * 24 * 60 * MINUTE, to: from - 29 * 24 * 60 * MINUTE },
];

/** Each optional dimension with the values a filter on it asks for (`unknown`: the field was absent). */
const OPTIONAL_DIMENSIONS: [Dimension, string[]][] = [
  ["chat_type", ["group", "unknown"]],
  ["session_type", ["aiops"]],
  ["language", ["zh", "unknown"]],
  ["user_segment", ["enterprise", "free"]],
];

const SHAPES: {
  group_by?: Dimension[];
  bucket?: "5m" | "hour" | "day";
  filters?: Partial<Record<Dimension, string[]>>;
}[] = [
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
  { filters: { prompt_version: ["pv-2"] }, group_by: ["bot_version"] },
  { filters: { model: ["'; DROP TABLE responses; --", "\\'", "模型"] } },
  // The optional dimensions, whose values corrected versions change: each grouped alone (the
  // one-dimension rollups of the sums and the label counts, by hour, by day and without a bucket) and
  // filtered alone, then with a second dimension (metrics_5m and the label rows by session).
  ...OPTIONAL_DIMENSIONS.flatMap(([dimension, values]) => [
    { group_by: [dimension] },
    { group_by: [dimension], bucket: "hour" as const },
    { filters: { [dimension]: values }, bucket: "day" as const },
  ]),
  { group_by: ["chat_type", "session_type"], filters: { language: ["en"] } },
  { group_by: ["user_segment"], filters: { chat_type: ["private", "unknown"] }, bucket: "day" },
  { group_by: ["language", "query_category"], bucket: "hour" },
  { filters: { provider: ["anthropic"], query_category: ["bug_diagnosis", "general_qa", "unknown"] } },
  { filters: { bot_version: ["unknown"], tool_used: ["no"] }, bucket: "day" },
];

describe("metrics route equals the reference implementation", () => {
  let warehouse: Warehouse;
  // What the comparisons above covered, so the checks below can say they were not vacuous.
  const sampleSizes: number[] = [];
  const grouped = new Map(RESPONSE_DIMENSIONS.map((dimension) => [dimension, new Set<string>()]));

  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_metrics"));
    // Two halves of the arrival order, each evaluated: corrected versions in the second half move
    // responses whose labels and rollup hours the first run already wrote, as in production.
    const firstArrival = Date.now() - 10 * 3_600_000;
    const secondArrival = await loadThroughSink(warehouse, dataset.events.slice(0, HALF), 250, {
      receivedAtMs: firstArrival,
    });
    await evaluateOutcomes(warehouse, { now: secondArrival + SETTLE_MS, settleMs: SETTLE_MS });
    const end = await loadThroughSink(warehouse, dataset.events.slice(HALF), 250, {
      receivedAtMs: secondArrival + 3_600_000,
    });
    await evaluateOutcomes(warehouse, { now: end + SETTLE_MS, settleMs: SETTLE_MS });
  });
  afterAll(() => dropTestWarehouse(warehouse));

  const cases = dataset.tenants.flatMap((tenant) =>
    RANGES.flatMap((range) =>
      SHAPES.map((shape) => ({ tenant, range, shape, name: `${tenant} ${range.name} ${JSON.stringify(shape)}` })),
    ),
  );

  // "%s" of the plain name: "$name" would cut it short, and the shape is what tells the cases apart.
  it.each(cases.map((testCase) => [testCase.name, testCase] as const))(
    "%s",
    async (_name, { tenant, range, shape }) => {
      const query: MetricsQueryInput = {
        tenantId: tenant,
        from: new Date(range.from).toISOString(),
        to: new Date(range.to).toISOString(),
        filters: shape.filters ?? {},
        groupBy: shape.group_by ?? [],
        bucket: shape.bucket,
      };
      const expected = referenceMetrics(dataset.events, {
        tenant_id: tenant,
        from: query.from,
        to: query.to,
        filters: shape.filters,
        group_by: shape.group_by,
        bucket: shape.bucket,
      });
      const actual = await queryMetrics(warehouse, query);
      expect(diffMetricsRows(expected.rows, actual.rows)).toEqual([]);
      expect(actual.rows.length).toBe(expected.rows.length);
      for (const row of expected.rows) for (const n of Object.values(row.sample_sizes)) sampleSizes.push(n);
      for (const dimension of shape.group_by ?? [])
        for (const row of expected.rows) grouped.get(dimension)!.add(row.dims[dimension]!);
    },
  );

  it("covers the data set (rows, ratings, re-asks and failures are present, so the comparison is not vacuous)", async () => {
    const [row] = (
      await queryMetrics(warehouse, { tenantId: "t-acme", from: dataset.range.from, to: dataset.range.to })
    ).rows;
    expect(row!.response_count).toBeGreaterThan(100);
    expect(row!.thumbs_down_rate).toBeGreaterThan(0);
    expect(row!.reask_rate).toBeGreaterThan(0);
    expect(row!.outcome_counts.failed).toBeGreaterThan(0);
    expect(row!.tool_success_rate).toBeLessThan(1);
  });

  it("compared every dimension grouped with several values and filtered, and sample sizes on both sides of the small-sample mark", () => {
    for (const [dimension, values] of grouped)
      expect(values.size, dimension).toBeGreaterThanOrEqual(dimension === "tool_used" ? 2 : 3);
    expect(new Set(SHAPES.flatMap((shape) => Object.keys(shape.filters ?? {})))).toEqual(new Set(RESPONSE_DIMENSIONS));
    // A rate with n < 30 is marked as a small sample: the rows held both kinds, and n = 0.
    expect(sampleSizes.filter((n) => n > 0 && n < MIN_DENOMINATOR).length).toBeGreaterThan(100);
    expect(sampleSizes.filter((n) => n >= MIN_DENOMINATOR).length).toBeGreaterThan(100);
    expect(sampleSizes).toContain(0);
    // Corrections arrived after the first evaluation; for each optional dimension, one that changes
    // that dimension alone (same time, same text), so only the dimension tells its label row apart.
    const key = (event: { tenant_id: string; response_id: string }) => `${event.tenant_id}/${event.response_id}`;
    const before = new Map<string, ResponseCompletedEvent>();
    for (const event of dataset.events.slice(0, HALF))
      if (event.event_type === "response_completed") before.set(key(event), event);
    const corrections = dataset.events.slice(HALF).flatMap((event) => {
      const earlier = event.event_type === "response_completed" ? before.get(key(event)) : undefined;
      if (!earlier || event.event_type !== "response_completed") return [];
      const changed = OPTIONAL_DIMENSIONS.map(([dimension]) => dimension).filter(
        (dimension) =>
          earlier[dimension as keyof ResponseCompletedEvent] !== event[dimension as keyof ResponseCompletedEvent],
      );
      return changed.length > 0 ? [{ earlier, event, changed }] : [];
    });
    expect(corrections.length).toBeGreaterThan(10);
    for (const [dimension] of OPTIONAL_DIMENSIONS) {
      const alone = corrections.filter(
        ({ earlier, event, changed }) =>
          changed.join() === dimension &&
          earlier.occurred_at === event.occurred_at &&
          earlier.query_text === event.query_text,
      );
      expect(alone.length, dimension).toBeGreaterThan(0);
    }
  });
});
