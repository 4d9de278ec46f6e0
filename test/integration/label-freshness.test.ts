import { createQualityExporter, GAUGES, loadExporterConfig } from "@answerscope/alerts";
import { queryRows, startOutcomeEvaluator, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventBuilder } from "../reference";
import { qs, startTestApi, TEST_KEY_ENTRIES, TEST_KEYS, type TestApi } from "../src/api-server";
import { loadThroughSink } from "../src/load-through-sink";
import { waitFor } from "@answerscope/test-kit";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

/**
 * Labels never silently stale (issue 46): with the real outcome evaluator failing on a real
 * ClickHouse (responses_by_session, an index it reads and the metrics route and the exporter do not,
 * is renamed away), the query API and the exporter say so (freshness failing, label-based figures
 * null with a reason, the failing gauge 1) instead of answering zeros;
 * once the table is back, the evaluator's next run clears it and the figures are the labels'.
 */
const TENANT = "t-acme";
const b = new EventBuilder(TENANT, "2026-11-30T10:00:00.000Z", "lf");
// 30 answers a minute apart, each in its own session; 5 rated down. One more two hours later
// closes every window before it, so the other 25 are labelled good.
const events = [
  ...Array.from({ length: 30 }, (_, i) =>
    b.response(`r${i}`, i * 60, { session_id: `s${i}`, model: i % 2 ? "m2" : "m1" }),
  ),
  ...Array.from({ length: 5 }, (_, i) => b.feedback(i * 60 + 30, { target_id: `r${i}`, rating: "down" })),
  b.response("r-late", 7200, { session_id: "s-late" }),
];
const range = qs([
  ["from", "2026-11-30T10:00:00Z"],
  ["to", "2026-11-30T11:00:00Z"],
]);

let warehouse: Warehouse;
let api: TestApi;

beforeAll(async () => {
  ({ warehouse } = await createTestWarehouse("as_label_freshness"));
  await loadThroughSink(warehouse, events);
  api = await startTestApi({ warehouse, keys: TEST_KEY_ENTRIES });
});
afterAll(async () => {
  await api?.close();
  if (warehouse) await dropTestWarehouse(warehouse);
});

const renameTable = (from: string, to: string) =>
  warehouse.client.command({ query: `RENAME TABLE ${warehouse.table(from)} TO ${warehouse.table(to)}` });

/** Runs the evaluator's production loop until it has ended `runs` runs (each reported failed or done). */
async function evaluatorRuns(runs: number): Promise<unknown[]> {
  const errors: unknown[] = [];
  let ended = 0;
  const stop = startOutcomeEvaluator(warehouse, {
    intervalMs: 50,
    settleMs: 0,
    onRun: () => void ended++,
    onError: (error) => {
      errors.push(error);
      ended++;
    },
  });
  try {
    await waitFor(
      async () => ended,
      (n) => n >= runs,
      { timeoutMs: 60_000, what: `${runs} evaluator run(s)` },
    );
  } finally {
    await stop();
  }
  return errors;
}

/** The exporter's label freshness gauges for t-acme after one refresh, as a scrape reads them. */
async function exportedFreshness(): Promise<{ lag: string | undefined; failing: string | undefined }> {
  const exporter = createQualityExporter({ warehouse, config: loadExporterConfig({ EXPORTER_ARRIVAL_SETTLE: "1ms" }) });
  expect(await exporter.refresh()).toBe(true);
  const text = await exporter.metrics.render();
  const valueOf = (name: string) => new RegExp(`^${name}\\{tenant="${TENANT}"\\} (\\S+)$`, "m").exec(text)?.[1];
  return { lag: valueOf(GAUGES.labelLag.name), failing: valueOf(GAUGES.evaluatorFailing.name) };
}

describe("label freshness with the outcome evaluator failing", () => {
  beforeAll(async () => {
    await renameTable("responses_by_session", "responses_by_session_away");
    const errors = await evaluatorRuns(2);
    expect(errors.length).toBeGreaterThanOrEqual(2);
    expect(String(errors[0])).toMatch(/responses_by_session/);
  });

  it("reports the tenant's labels as failing, with the redacted error and no evaluated time", async () => {
    const res = await api.get("/api/v1/labels/freshness", TEST_KEYS.acmeRead);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      failing: true,
      stale: true,
      stale_reason: "evaluator_failing",
      evaluated_through: null,
      caught_up: false,
      lag_seconds: null,
      last_success_at: null,
    });
    expect(res.body.last_error.message).toMatch(/responses_by_session/);
    expect(res.body.last_error.message).not.toContain(TENANT);
    expect(Date.now() - Date.parse(res.body.last_error.at)).toBeLessThan(120_000);
    // Another tenant's key reads its own freshness: nothing of t-acme's failure.
    const other = await api.get("/api/v1/labels/freshness", TEST_KEYS.globexRead);
    expect(other.body).toMatchObject({ failing: false, stale: false, last_error: null });
  });

  it("answers the metrics route's label-based figures as null with a reason, never 0, and Phase 1 as before", async () => {
    const res = await api.get(`/api/v1/metrics?${range}`, TEST_KEYS.acmeRead);
    expect(res.status).toBe(200);
    const [row] = res.body.rows;
    expect(row.response_count).toBe(30);
    expect(row.error_rate).toBe(0);
    for (const metric of [
      "feedback_coverage",
      "thumbs_down_rate",
      "good_answer_rate",
      "reask_rate",
      "followup_rate",
      "one_turn_resolution_rate",
    ]) {
      expect(row[metric], metric).toBeNull();
      expect(row.sample_sizes[metric], metric).toBeNull();
    }
    expect(row.outcome_counts).toBeNull();
    expect(res.body.labels).toMatchObject({ coverage: "none", stale: true, failing: true });
    expect(res.body.labels.figures_unavailable).toMatch(/evaluator is failing \(.*responses_by_session/);
  });

  it("answers a label-based comparison as unknown, and a Phase 1 one as before", async () => {
    const good = await api.get(
      `/api/v1/compare?${range}&metric=good_answer_rate&dimension=model&a=m1&b=m2`,
      TEST_KEYS.acmeRead,
    );
    expect(good.status).toBe(200);
    expect(good.body.a).toMatchObject({ rate: null, numerator: null, denominator: null });
    expect(good.body.labels).toMatchObject({ coverage: "none", failing: true });
    const errors = await api.get(
      `/api/v1/compare?${range}&metric=error_rate&dimension=model&a=m1&b=m2`,
      TEST_KEYS.acmeRead,
    );
    expect(errors.body.a).toMatchObject({ rate: 0, denominator: 15 });
  });

  it("exports the tenant's evaluator as failing and its labels as infinitely behind", async () => {
    expect(await exportedFreshness()).toEqual({ lag: "+Inf", failing: "1" });
  });

  describe("once the evaluator recovers", () => {
    beforeAll(async () => {
      await renameTable("responses_by_session_away", "responses_by_session");
      expect(await evaluatorRuns(1)).toEqual([]);
    });

    it("reports fresh labels, keeping the last error with its time", async () => {
      const res = await api.get("/api/v1/labels/freshness", TEST_KEYS.acmeRead);
      expect(res.body).toMatchObject({
        failing: false,
        stale: false,
        stale_reason: null,
        caught_up: true,
        lag_seconds: 0,
      });
      expect(res.body.evaluated_through).not.toBeNull();
      expect(Date.parse(res.body.last_success_at)).toBeGreaterThan(Date.parse(res.body.last_error.at));
      const [stored] = await queryRows<{ n: number }>(
        warehouse,
        `SELECT count() AS n FROM ${warehouse.table("outcome_watermarks")}`,
      );
      expect(Number(stored!.n)).toBeGreaterThan(0);
    });

    it("answers the labels' figures", async () => {
      const res = await api.get(`/api/v1/metrics?${range}`, TEST_KEYS.acmeRead);
      const [row] = res.body.rows;
      expect(row.good_answer_rate).toBeCloseTo(25 / 30, 10);
      expect(row.outcome_counts).toMatchObject({ good: 25, bad: 5, pending: 0 });
      expect(row.feedback_coverage).toBeCloseTo(5 / 30, 10);
      expect(res.body.labels).toMatchObject({ coverage: "full", figures_unavailable: null });
    });

    it("exports the tenant's labels as current", async () => {
      expect(await exportedFreshness()).toEqual({ lag: "0", failing: "0" });
    });
  });
});
