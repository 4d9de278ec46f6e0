import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { MetricsResult } from "../../dashboard/src/lib/api-types";
import { apiGet } from "./support/api";
import { waitForView } from "./support/browser";
import { apiRange, loggedIn, useBrowser, viewUrl } from "./support/session";

const browser = useBrowser();

/** What the effect view's two charts draw, written out here rather than taken from the dashboard's catalogue. */
const RATES = ["good_answer_rate", "one_turn_resolution_rate", "thumbs_down_rate", "reask_rate", "feedback_coverage"] as const;
const OUTCOMES = ["excellent", "good", "neutral", "bad", "failed", "pending"] as const;

interface Mark {
  series: string;
  x: number;
  value: number;
  /** The mark's place: a point's centre, or a bar segment's box. */
  box: { x: number; y: number; width: number; height: number };
}

/** Every plotted mark of a chart, with the value it was drawn for (dashboard/src/components/charts/plotted.ts). */
function marks(page: Page, chart: string): Promise<Mark[]> {
  return page.evaluate((chart) => {
    const figure = document.querySelector(`figure[data-chart="${chart}"]`);
    if (!figure) throw new Error(`no chart ${chart}`);
    return [...figure.querySelectorAll<SVGGraphicsElement>("[data-series]")].map((element) => {
      const { x, y, width, height } = element.getBBox();
      return { series: element.dataset.series!, x: Number(element.dataset.x), value: Number(element.dataset.value), box: { x, y, width, height } };
    });
  }, chart);
}

const key = (series: string, x: number, value: number) => `${series} @ ${new Date(x).toISOString()} = ${value}`;

/** Each mark's size along the value axis follows its value: one scale for every mark of the chart (within a pixel). */
function expectOneScale(points: { value: number; length: number }[], what: string) {
  const ends = [...points].sort((a, b) => a.value - b.value);
  const [low, high] = [ends[0]!, ends.at(-1)!];
  expect(high.value, what).toBeGreaterThan(low.value);
  const scale = (high.length - low.length) / (high.value - low.value);
  const worst = Math.max(...points.map((point) => Math.abs(low.length + (point.value - low.value) * scale - point.length)));
  expect.soft(worst, `${what}: the mark furthest off one scale, in pixels`).toBeLessThan(1);
}

describe("the charts plot the API's series", () => {
  it("effect: every bucket's rates and outcome counts are drawn as the API answers them, at heights that follow the values", async () => {
    const { page, context } = await loggedIn(browser());
    // Five-minute buckets of one channel: enough buckets, some of them without a rated response.
    const view = { bucket: "5m", channel: "slack" };
    await page.goto(viewUrl("/effect", view));
    await waitForView(page, { charts: 2 });
    const { rows } = await apiGet<MetricsResult>("demo", "/api/v1/metrics", apiRange(view));
    const buckets = rows.map((row) => ({ row, t: Date.parse(row.bucket_start!) }));
    expect(buckets.length).toBeGreaterThan(10);

    // Rates: a point per bucket with a value; a bucket without one is a gap, never a point at zero.
    const rates = await marks(page, "effect-rates");
    const expectedRates = buckets.flatMap(({ row, t }) => RATES.filter((rate) => row[rate] !== null).map((rate) => key(rate, t, row[rate]!)));
    expect(buckets.some(({ row }) => RATES.some((rate) => row[rate] === null)), "the data holds a gap").toBe(true);
    expect.soft(rates.map((mark) => key(mark.series, mark.x, mark.value)).sort()).toEqual(expectedRates.sort());
    // Points higher up for higher rates, and further right for later buckets.
    expectOneScale(rates.map((mark) => ({ value: mark.value, length: -(mark.box.y + mark.box.height / 2) })), "rate points' heights");
    expectOneScale(rates.map((mark) => ({ value: mark.x, length: mark.box.x + mark.box.width / 2 })), "rate points' places in time");

    // Outcome counts: a bar segment per label and bucket with responses (a zero draws nothing).
    const outcomes = (await marks(page, "effect-outcomes")).filter((mark) => mark.box.height > 0);
    const expectedOutcomes = buckets.flatMap(({ row, t }) => OUTCOMES.filter((label) => (row.outcome_counts?.[label] ?? 0) > 0).map((label) => key(label, t, row.outcome_counts![label])));
    expect.soft(outcomes.map((mark) => key(mark.series, mark.x, mark.value)).sort()).toEqual(expectedOutcomes.sort());
    expectOneScale(outcomes.map((mark) => ({ value: mark.value, length: mark.box.height })), "outcome segments' heights");
    await context.close();
  });
});
