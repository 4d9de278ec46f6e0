import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { MetricsResult } from "@answerscope/dashboard/api-types";
import { apiGet, stack } from "./support/api";
import { waitForView } from "./support/browser";
import { apiRange, loggedIn, useBrowser, viewUrl } from "./support/session";

const browser = useBrowser();

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** What the effect view's two charts draw, written out here rather than taken from the dashboard's catalogue. */
const RATES = [
  "good_answer_rate",
  "one_turn_resolution_rate",
  "thumbs_down_rate",
  "reask_rate",
  "feedback_coverage",
] as const;
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
      return {
        series: element.dataset.series!,
        x: Number(element.dataset.x),
        value: Number(element.dataset.value),
        box: { x, y, width, height },
      };
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
  const worst = Math.max(
    ...points.map((point) => Math.abs(low.length + (point.value - low.value) * scale - point.length)),
  );
  expect.soft(worst, `${what}: the mark furthest off one scale, in pixels`).toBeLessThan(1);
}

describe("the charts plot the API's series", () => {
  it("effect: every bucket's rates and outcome counts are drawn as the API answers them, at heights that follow the values", async () => {
    const { page, context } = await loggedIn(browser());
    // Five-minute buckets of one channel over six hours of the data (72 buckets, within the
    // dashboard's cap on points): enough buckets, some of them without a rated response.
    const toMs = Math.floor(stack().dataToMs / HOUR) * HOUR;
    const range = { from: new Date(toMs - 6 * HOUR).toISOString(), to: new Date(toMs).toISOString() };
    const view = { bucket: "5m", channel: "slack" };
    await page.goto(`/effect?${new URLSearchParams({ tenant: "demo", ...range, ...view }).toString()}`);
    await waitForView(page, { charts: 2 });
    const { rows } = await apiGet<MetricsResult>("demo", "/api/v1/metrics", { ...range, ...view });
    const buckets = rows.map((row) => ({ row, t: Date.parse(row.bucket_start!) }));
    expect(buckets.length).toBeGreaterThan(10);

    // Rates: a point per bucket with a value; a bucket without one is a gap, never a point at zero.
    const rates = await marks(page, "effect-rates");
    const expectedRates = buckets.flatMap(({ row, t }) =>
      RATES.filter((rate) => row[rate] !== null).map((rate) => key(rate, t, row[rate]!)),
    );
    expect(
      buckets.some(({ row }) => RATES.some((rate) => row[rate] === null)),
      "the data holds a gap",
    ).toBe(true);
    expect.soft(rates.map((mark) => key(mark.series, mark.x, mark.value)).sort()).toEqual(expectedRates.sort());
    // Points higher up for higher rates, and further right for later buckets.
    expectOneScale(
      rates.map((mark) => ({ value: mark.value, length: -(mark.box.y + mark.box.height / 2) })),
      "rate points' heights",
    );
    expectOneScale(
      rates.map((mark) => ({ value: mark.x, length: mark.box.x + mark.box.width / 2 })),
      "rate points' places in time",
    );

    // Outcome counts: a bar segment per label and bucket with responses (a zero draws nothing).
    const outcomes = (await marks(page, "effect-outcomes")).filter((mark) => mark.box.height > 0);
    const expectedOutcomes = buckets.flatMap(({ row, t }) =>
      OUTCOMES.filter((label) => (row.outcome_counts?.[label] ?? 0) > 0).map((label) =>
        key(label, t, row.outcome_counts![label]),
      ),
    );
    expect.soft(outcomes.map((mark) => key(mark.series, mark.x, mark.value)).sort()).toEqual(expectedOutcomes.sort());
    expectOneScale(
      outcomes.map((mark) => ({ value: mark.value, length: mark.box.height })),
      "outcome segments' heights",
    );
    await context.close();
  });
});

/** A view's link over an explicit range (not the whole test data). */
const rangeUrl = (path: string, fromMs: number, toMs: number, params: Record<string, string> = {}) =>
  `${path}?${new URLSearchParams({ tenant: "demo", from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString(), ...params }).toString()}`;

interface DrawnMark {
  series: string;
  x: number;
  /** The value attribute as written: empty when the bucket has none. */
  value: string;
  partial: boolean;
  /** How it is drawn: a dashed outline (points) or a pattern fill (bars) marks a partial bucket. */
  dashed: boolean;
  patterned: boolean;
  /** Its horizontal middle on the page. */
  centerX: number;
}

/** A chart's marks as drawn, and its x axis: each tick's time and place, and the plot area's edges. */
function drawnChart(page: Page, chart: string) {
  return page.evaluate((chart) => {
    const figure = document.querySelector(`figure[data-chart="${chart}"]`);
    if (!figure) throw new Error(`no chart ${chart}`);
    const middle = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.left + box.width / 2;
    };
    const marks = [...figure.querySelectorAll<SVGGraphicsElement>("[data-series]")].map((element): DrawnMark => {
      const shape = element.tagName === "g" ? element.querySelector("rect:not(pattern rect)") : element;
      return {
        series: element.dataset.series!,
        x: Number(element.dataset.x),
        value: element.dataset.value ?? "",
        partial: element.dataset.partial === "true",
        dashed: (shape?.getAttribute("stroke-dasharray") ?? "") !== "",
        patterned: (shape?.getAttribute("fill") ?? "").startsWith("url("),
        centerX: middle(shape ?? element),
      };
    });
    const ticks = [...figure.querySelectorAll<SVGTextElement>("text[data-tick]")].map((text) => ({
      t: Number(text.dataset.tick),
      x: middle(text),
    }));
    const grid = figure.querySelector(".recharts-cartesian-grid")!.getBoundingClientRect();
    const image = figure.querySelector('[role="img"]');
    const rows = [...figure.querySelectorAll("details table tbody tr")].map((row) => ({
      x: Number((row as HTMLElement).dataset.x),
      head: row.querySelector("th")!.textContent ?? "",
      values: [...row.querySelectorAll("td")].map((cell) => cell.dataset.value ?? ""),
    }));
    return {
      marks,
      ticks,
      plot: { left: grid.left, right: grid.right },
      name: image?.getAttribute("aria-label") ?? "",
      caption: figure.querySelector("figcaption")?.textContent ?? "",
      summary: figure.querySelector("details summary")?.textContent ?? "",
      partialLegend: figure.querySelector('[data-legend="partial"]')?.textContent ?? null,
      rows,
    };
  }, chart);
}

/** The time at a place on the page, from the axis' own ticks (a straight line through the outermost two). */
function timeAtX(ticks: { t: number; x: number }[]) {
  const [first, last] = [ticks[0]!, ticks.at(-1)!];
  const msPerPx = (last.t - first.t) / (last.x - first.x);
  return { msPerPx, at: (x: number) => first.t + (x - first.x) * msPerPx };
}

describe("time charts: one axis, partial buckets, names and values", () => {
  it("draws the rates and the outcome bars side by side on one axis: the view's 30 days, several ticks, not the data's extent", async () => {
    const { page, context } = await loggedIn(browser());
    // 30 days of which the data fills the last few hours: the case where the line chart squeezed
    // its data to the right edge under one tick while the bars spread over their own 2 days.
    const toMs = Math.ceil(Date.now() / HOUR) * HOUR;
    const fromMs = toMs - 30 * DAY;
    await page.goto(rangeUrl("/effect", fromMs, toMs, { bucket: "day" }));
    await waitForView(page, { charts: 2 });
    const rates = await drawnChart(page, "effect-rates");
    const outcomes = await drawnChart(page, "effect-outcomes");
    expect(rates.marks.length).toBeGreaterThan(0);
    expect(outcomes.marks.length).toBeGreaterThan(0);
    // The same ticks, enough of them to read the time by.
    expect(rates.ticks.map((tick) => tick.t)).toEqual(outcomes.ticks.map((tick) => tick.t));
    expect(rates.ticks.length).toBeGreaterThanOrEqual(4);
    for (const chart of [rates, outcomes]) {
      // The plot area spans exactly the view's range (within a pixel at each end).
      const time = timeAtX(chart.ticks);
      expect(Math.abs(time.at(chart.plot.left) - fromMs) / time.msPerPx).toBeLessThan(1.5);
      expect(Math.abs(time.at(chart.plot.right) - toMs) / time.msPerPx).toBeLessThan(1.5);
      // Each mark sits at its bucket's part of the range, on that same scale.
      for (const mark of chart.marks) {
        const middle = (Math.max(mark.x, fromMs) + Math.min(mark.x + DAY, toMs)) / 2;
        expect(
          Math.abs(time.at(mark.centerX) - middle) / time.msPerPx,
          `${mark.series} @ ${new Date(mark.x).toISOString()}`,
        ).toBeLessThan(2);
      }
    }
    await context.close();
  });

  it("marks the buckets the range cuts (first and last) in both charts, dashed or hatched, with a legend entry", async () => {
    const { page, context } = await loggedIn(browser());
    const { dataFromMs, dataToMs } = stack();
    // From 20 past an hour to 40 past a later one: the first and the last hour bucket are partial.
    const fromMs = Math.floor(dataFromMs / HOUR) * HOUR + HOUR + 20 * 60_000;
    const toMs = Math.floor(dataToMs / HOUR) * HOUR - HOUR + 40 * 60_000;
    await page.goto(rangeUrl("/effect", fromMs, toMs, { bucket: "hour" }));
    await waitForView(page, { charts: 2 });
    const { rows } = await apiGet<MetricsResult>("demo", "/api/v1/metrics", {
      from: new Date(fromMs).toISOString(),
      to: new Date(toMs).toISOString(),
      bucket: "hour",
    });
    const starts = rows.map((row) => Date.parse(row.bucket_start!));
    const partial = starts.filter((t) => t < fromMs || t + HOUR > toMs);
    expect(partial).toEqual([starts[0], starts.at(-1)]);
    for (const chart of ["effect-rates", "effect-outcomes"]) {
      const drawn = await drawnChart(page, chart);
      const shown = drawn.marks.filter((mark) => mark.value !== "");
      expect(new Set(shown.filter((mark) => mark.partial).map((mark) => mark.x)), chart).toEqual(new Set(partial));
      expect(
        shown.every((mark) => mark.partial === partial.includes(mark.x)),
        chart,
      ).toBe(true);
      // Drawn differently: dashed points, hatched bars; full buckets solid.
      expect(
        shown.filter((mark) => mark.partial).every((mark) => (chart === "effect-rates" ? mark.dashed : mark.patterned)),
        chart,
      ).toBe(true);
      expect(
        shown.filter((mark) => !mark.partial).some((mark) => mark.dashed || mark.patterned),
        chart,
      ).toBe(false);
      expect(drawn.partialLegend, chart).toContain("partial bucket");
      expect(drawn.rows.filter((row) => row.head.includes("(partial)")).map((row) => row.x)).toEqual(partial);
    }
    await context.close();
  });

  it("names each chart and lists the plotted values in its data table", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl("/effect", { bucket: "hour" }));
    await waitForView(page, { charts: 2 });
    const { rows } = await apiGet<MetricsResult>("demo", "/api/v1/metrics", apiRange({ bucket: "hour" }));
    for (const chart of ["effect-rates", "effect-outcomes"]) {
      const drawn = await drawnChart(page, chart);
      expect(drawn.name, chart).toContain(drawn.caption);
      expect(drawn.summary).toBe("Show data");
      // A row per bucket the API answered, holding exactly the values drawn for that bucket.
      expect(drawn.rows.map((row) => row.x)).toEqual(rows.map((row) => Date.parse(row.bucket_start!)));
      for (const row of drawn.rows) {
        const plottedValues = drawn.marks.filter((mark) => mark.x === row.x).map((mark) => mark.value);
        expect(
          row.values.filter((value) => value !== "").sort(),
          `${chart} @ ${new Date(row.x).toISOString()}`,
        ).toEqual(plottedValues.filter((value) => value !== "").sort());
      }
    }
    // The rates table against the API itself: the good-answer rate of every bucket.
    const rates = await drawnChart(page, "effect-rates");
    expect(rates.rows.map((row) => row.values[0])).toEqual(
      rows.map((row) => (row.good_answer_rate === null ? "" : String(row.good_answer_rate))),
    );
    await context.close();
  });
});

describe("CSV downloads", () => {
  it("say in the header that rates are fractions, and hold the API's fractions under it", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl("/effect", { slice: "model" }));
    await waitForView(page, { charts: 2 });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.click('button[data-csv="effect-by-model"]'),
    ]);
    const [header, ...lines] = (await readFile(await download.path(), "utf8"))
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .map((line) => line.split(","));
    // No "%" in a header: nothing in the file is a percentage.
    expect(header!.filter((name) => name.includes("%"))).toEqual([]);
    const fractionColumns = header!.flatMap((name, index) => (name.endsWith("(fraction 0-1)") ? [index] : []));
    expect(fractionColumns.length).toBe(7);
    const fractions = lines
      .flatMap((line) => fractionColumns.map((index) => line[index]!))
      .filter((cell) => cell !== "")
      .map(Number);
    expect(fractions.length).toBeGreaterThan(0);
    expect(fractions.filter((value) => !(value >= 0 && value <= 1))).toEqual([]);
    // The good-answer rate of each model, as the API answers it.
    const { rows } = await apiGet<MetricsResult>("demo", "/api/v1/metrics", apiRange({ group_by: "model" }));
    const good = header!.indexOf("Good-answer rate (fraction 0-1)");
    expect(good).toBeGreaterThan(0);
    const byModel = new Map(lines.map((line) => [line[0], line[good]]));
    for (const row of rows)
      expect(byModel.get(row.dims.model), row.dims.model).toBe(
        row.good_answer_rate === null ? "" : String(row.good_answer_rate),
      );
    await context.close();
  });
});
