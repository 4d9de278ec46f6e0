import { ATTRIBUTION_CATALOG } from "@answerscope/contracts/metrics";
import { createWarehouse, evaluateOutcomes } from "@answerscope/warehouse";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { AttributionResult } from "@answerscope/dashboard/api-types";
import {
  formatCorrelation,
  formatCount,
  formatInterval,
  formatMean,
  formatPointDifference,
  formatRate,
} from "@answerscope/dashboard/format";
import { EventBuilder } from "../reference";
import { loadThroughSink } from "../src/load-through-sink";
import { apiGet, stack } from "./support/api";
import { waitForView } from "./support/browser";
import { expectWarehouseUnavailable, whileClickHouseIsDown } from "./support/outage";
import { apiRange, kpiN, kpiValue, loggedIn, useBrowser, viewUrl } from "./support/session";

const browser = useBrowser();

const ROUTE = "/api/v1/attribution";
/** The view draws one bar chart per rate of the latency buckets. */
const CHARTS = 2;

type Figure = { value: number | null; denominator: number | null; status: string };

/** What a figure's table cell shows: the rate when the API computed one, else the em dash; always its n. */
const shownRate = (figure: Figure) => formatRate(figure.value);

/** Every row of a table as its cells' texts and the data-status of each cell's figure ("" without one). */
function tableRows(page: Page, table: string) {
  return page.locator(`table[data-table="${table}"] tbody tr`).evaluateAll((rows) =>
    rows.map((row) =>
      [...row.querySelectorAll("td")].map((td) => ({
        text: (td.textContent ?? "").trim(),
        rate: (td.querySelector('[data-role="rate"]')?.textContent ?? "").trim(),
        n: (td.querySelector('[data-role="n"]')?.textContent ?? "").trim(),
        status: td.querySelector("[data-status]")?.getAttribute("data-status") ?? "ok",
      })),
    ),
  );
}

/** A figure's cell as the test expects it from the API's answer. */
const expectedCell = (figure: Figure) => ({
  rate: shownRate(figure),
  n: figure.denominator === null ? "n ?" : `n=${formatCount(figure.denominator)}`,
  status: figure.status,
});
const cellOf = ({ rate, n, status }: { rate: string; n: string; status: string }) => ({ rate, n, status });

/** A headline figure as the API answered it: its value (the dash unless computed), status and sample size. */
async function expectHeadline(page: Page, id: string, figure: Figure, format: (value: number | null) => string) {
  expect(await kpiValue(page, id), id).toBe(format(figure.value));
  expect(await page.locator(`[data-kpi="${id}"]`).getAttribute("data-status"), id).toBe(figure.status);
  if (figure.status !== "labels_unavailable")
    expect(await kpiN(page, id), id).toContain(`n = ${formatCount(figure.denominator)}`);
}

/** Checks every figure of the view against the API's answer to the same question. */
async function expectViewShows(page: Page, api: AttributionResult): Promise<void> {
  await expectHeadline(page, "recover_after_negative_rate", api.recover_after_negative_rate, formatRate);
  await expectHeadline(page, "tokens_per_positive_answer", api.tokens_per_positive_answer, formatCount);
  await expectHeadline(page, "abandonment_rate", api.abandonment_rate, formatRate);
  await expectHeadline(page, "down_rating_severity", api.down_rating_severity, formatMean);
  await expectHeadline(page, "repeated_down_rate", api.repeated_down_rate, formatRate);
  const counts = {
    recover_after_negative_rate: {
      negatives: api.recover_after_negative_rate.negatives,
      no_next_answer: api.recover_after_negative_rate.no_next_answer,
    },
    tokens_per_positive_answer: { answers: api.tokens_per_positive_answer.answers },
    abandonment_rate: { answers: api.abandonment_rate.answers, pending: api.abandonment_rate.pending },
    down_rating_severity: { rated_down: api.down_rating_severity.rated_down },
  };
  for (const [id, named] of Object.entries(counts))
    for (const [name, value] of Object.entries(named))
      expect(await page.locator(`[data-kpi="${id}"] [data-count="${name}"]`).innerText(), `${id} ${name}`).toBe(
        formatCount(value),
      );

  // Tool helpfulness: one row per tool and category, both sides with n, status and interval, and the difference.
  const tools = await tableRows(page, "tool-helpfulness");
  expect(tools).toHaveLength(api.tool_helpfulness_rate_by_name.length);
  for (const row of api.tool_helpfulness_rate_by_name) {
    const shown = tools.find((cells) => cells[0]!.text === row.tool_name && cells[1]!.text === row.query_category);
    expect(shown, `${row.tool_name} / ${row.query_category}`).toBeDefined();
    const [, , used, usedInterval, notUsed, notUsedInterval, difference] = shown!;
    expect(cellOf(used!)).toEqual(expectedCell(row.used));
    expect(usedInterval!.text).toBe(formatInterval(row.used.ci_low, row.used.ci_high));
    expect(cellOf(notUsed!)).toEqual(expectedCell(row.not_used));
    expect(notUsedInterval!.text).toBe(formatInterval(row.not_used.ci_low, row.not_used.ci_high));
    expect(difference!.text).toBe(row.difference === null ? "not computed" : formatPointDifference(row.difference));
  }
  // Ordered for reading: the rows with a difference first, most helpful first.
  const differences = tools.map((cells) => cells[6]!.text);
  const computed = differences.filter((text) => text !== "not computed");
  expect(differences.slice(0, computed.length)).toEqual(computed);
  const points = api.tool_helpfulness_rate_by_name
    .map((row) => row.difference)
    .filter((value): value is number => value !== null)
    .sort((a, b) => b - a);
  expect(computed).toEqual(points.map((value) => formatPointDifference(value)));

  // Latency buckets, their rates with status, and the two rank correlations with n and status.
  const latency = api.latency_vs_feedback_correlation;
  const buckets = await tableRows(page, "latency-buckets");
  expect(buckets).toHaveLength(latency.buckets.length);
  latency.buckets.forEach((bucket, index) => {
    const [, answers, thumbsDown, good] = buckets[index]!;
    expect(answers!.text).toBe(formatCount(bucket.answers));
    expect(cellOf(thumbsDown!)).toEqual(expectedCell(bucket.thumbs_down_rate));
    expect(cellOf(good!)).toEqual(expectedCell(bucket.good_answer_rate));
  });
  for (const key of ["thumbs_down", "good_answer"] as const) {
    const correlation = latency[key];
    expect(await kpiValue(page, `rho_${key}`)).toBe(formatCorrelation(correlation.rho));
    expect(await kpiN(page, `rho_${key}`)).toContain(`n = ${formatCount(correlation.n)}`);
    expect(await page.locator(`[data-kpi="rho_${key}"]`).getAttribute("data-status")).toBe(correlation.status);
  }
  // The chart plots the same bucket rates: a bar only where the API computed one.
  const plotted = await page
    .locator('figure[data-chart="latency-good_answer_rate"] [data-series="value"]')
    .evaluateAll((marks) => marks.map((mark) => mark.getAttribute("data-value")));
  const computedBuckets = latency.buckets.filter((bucket) => bucket.good_answer_rate.value !== null);
  expect(plotted).toEqual(computedBuckets.map((bucket) => String(bucket.good_answer_rate.value)));
}

describe("the attribution view", () => {
  it("shows the API's figures for the view's filters, small samples marked, and a filter changes them", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl("/attribution"));
    await waitForView(page, { charts: CHARTS });
    const all = await apiGet<AttributionResult>("demo", ROUTE, apiRange());
    // The generated data must exercise the view: computed figures, and small samples the view must mark.
    expect(all.recover_after_negative_rate.status).toBe("ok");
    expect(all.tool_helpfulness_rate_by_name.some((row) => row.used.status === "insufficient_sample")).toBe(true);
    expect(all.tool_helpfulness_rate_by_name.some((row) => row.difference !== null)).toBe(true);
    await expectViewShows(page, all);
    // Labels and definitions are the catalog's: every figure it defines is listed, none declared twice.
    for (const id of ["recover_after_negative_rate", "tokens_per_positive_answer"] as const)
      expect(await page.locator(`[data-kpi="${id}"] .kpi-label`).innerText()).toBe(ATTRIBUTION_CATALOG[id].label);
    expect(
      await page
        .locator("[data-definition]")
        .evaluateAll((items) => items.map((item) => item.getAttribute("data-definition"))),
    ).toEqual(Object.keys(ATTRIBUTION_CATALOG));
    expect(await page.locator('table[data-table="tool-helpfulness"] [data-role="small-sample"]').count()).toBe(
      all.tool_helpfulness_rate_by_name
        .flatMap((row) => [row.used, row.not_used])
        .filter((side) => side.status === "insufficient_sample").length,
    );

    // A dimension filter is passed to the route: the view shows the filtered answer, which differs.
    await page.goto(viewUrl("/attribution", { model: "gpt-4o" }));
    await waitForView(page, { charts: CHARTS });
    const gpt = await apiGet<AttributionResult>("demo", ROUTE, apiRange({ model: "gpt-4o" }));
    expect(gpt.tokens_per_positive_answer.answers).toBeLessThan(all.tokens_per_positive_answer.answers);
    expect(gpt.recover_after_negative_rate.negatives).not.toBe(all.recover_after_negative_rate.negatives);
    await expectViewShows(page, gpt);
    await context.close();
  });

  it("says a range without answers is empty, with no figure shown as 0", async () => {
    const { page, context } = await loggedIn(browser());
    const range = { from: "2021-03-01T00:00:00.000Z", to: "2021-03-02T00:00:00.000Z" };
    const api = await apiGet<AttributionResult>("demo", ROUTE, range);
    expect(api.tokens_per_positive_answer.answers).toBe(0);
    await page.goto(`/attribution?${new URLSearchParams({ tenant: "demo", ...range }).toString()}`);
    await waitForView(page);
    const empty = page.locator('[data-state="empty"]');
    expect(await empty.count()).toBeGreaterThan(0);
    expect(await empty.first().innerText()).toContain("No answers in this range");
    expect(await page.locator("[data-kpi]").count()).toBe(0);
    expect(await page.locator("table[data-table]").count()).toBe(0);
    expect(await page.locator('[data-state="error"]').count()).toBe(0);
    await context.close();
  });

  it("says each figure is not computed, never 0, when outcome labels cover none of the range", async () => {
    // One acme answer after the evaluator's last run: the range from it on has an answer and no label.
    const warehouse = createWarehouse({ url: stack().clickhouseUrl, database: stack().database });
    const atMs = Date.now();
    await loadThroughSink(warehouse, [
      new EventBuilder("acme", new Date(atMs).toISOString(), "unlabelled-").response("unlabelled-r1", 0, {
        session_id: "unlabelled-s1",
      }),
    ]);
    const range = { from: new Date(atMs - 1000).toISOString(), to: new Date(atMs + 3_600_000).toISOString() };
    try {
      const api = await apiGet<AttributionResult>("acme", ROUTE, range);
      expect(api.labels.coverage).toBe("none");
      expect(api.tokens_per_positive_answer.answers).toBe(1);
      const { page, context } = await loggedIn(browser(), "acme");
      await page.goto(`/attribution?${new URLSearchParams({ tenant: "acme", ...range }).toString()}`);
      await waitForView(page, { charts: CHARTS });
      expect(await page.locator('[data-state="labels-unavailable"]').innerText()).toContain(
        api.labels.figures_unavailable!,
      );
      for (const id of [
        "recover_after_negative_rate",
        "tokens_per_positive_answer",
        "rho_thumbs_down",
        "rho_good_answer",
      ]) {
        const kpi = page.locator(`[data-kpi="${id}"]`);
        expect(await kpi.getAttribute("data-status"), id).toBe("labels_unavailable");
        expect(await kpiValue(page, id), id).toBe("—");
        expect(await kpi.locator('[data-role="status"]').innerText(), id).toContain("outcome labels cover none");
        expect(await kpi.locator('[data-role="n"]').count(), id).toBe(0);
      }
      const buckets = await tableRows(page, "latency-buckets");
      expect(buckets.flatMap((cells) => cells.slice(2).map((cell) => [cell.rate, cell.status]))).toEqual(
        api.latency_vs_feedback_correlation.buckets.flatMap(() => [
          ["—", "labels_unavailable"],
          ["—", "labels_unavailable"],
        ]),
      );
      await context.close();
    } finally {
      // The answer labelled: acme's labels as current as before, for the files after this one.
      await evaluateOutcomes(warehouse, { tenantId: "acme", settleMs: 0 });
      await warehouse.close();
    }
  });

  it("says the figures could not be read while the API cannot read the warehouse, never that there are none", async () => {
    const { page, context } = await loggedIn(browser());
    await whileClickHouseIsDown(async () => {
      await expectWarehouseUnavailable(page, "/attribution");
      expect(await page.locator("[data-kpi]").count()).toBe(0);
      expect(await page.locator("table[data-table]").count()).toBe(0);
    });
    await context.close();
  });
});
