import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { MetricsResult } from "@answerscope/dashboard/api-types";
import { formatCount } from "@answerscope/dashboard/format";
import { apiGet, dataRange } from "./support/api";
import { waitForView } from "./support/browser";
import { apiRange, kpiValue, loggedIn, useBrowser, viewUrl } from "./support/session";

const browser = useBrowser();

const FIVE_MINUTES = 5 * 60_000;
const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** The address as the page shows it: path and query. */
const address = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** A path with its query written as the dashboard writes it (URLSearchParams). */
const href = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;

const noticeTexts = (page: Page, role = "url-notice") =>
  page.locator(`[data-role="${role}"][role="status"] li`).allInnerTexts();

/** Every headline figure of the view, in order. */
const figures = (page: Page) => page.locator("[data-kpi] [data-role='value']").allInnerTexts();

/**
 * Opens a link with bad parameters; the view must say what it changed (role=status) and rewrite its
 * address to exactly what it shows, without a new history entry. Then that rewritten address, opened
 * afresh, shows the same figures and says nothing.
 */
async function expectCorrected(
  page: Page,
  link: string,
  expected: { notices: string[]; rewritten: string; charts?: number },
): Promise<string[]> {
  await page.goto(link);
  await waitForView(page, { charts: expected.charts ?? 0 });
  await page.waitForURL((url) => `${url.pathname}${url.search}` === expected.rewritten, { timeout: 15_000 });
  expect(await noticeTexts(page)).toEqual(expected.notices);
  const shown = await figures(page);
  expect(shown.length).toBeGreaterThan(0);

  const fresh = await page.context().newPage();
  await fresh.goto(expected.rewritten);
  await waitForView(fresh, { charts: expected.charts ?? 0 });
  expect(address(fresh)).toBe(expected.rewritten);
  expect(await fresh.locator('[data-role="url-notice"]').count()).toBe(0);
  expect(await figures(fresh)).toEqual(shown);
  await fresh.close();
  return shown;
}

/** The API's response count over a preset range ending at the 5-minute boundary after `nowMs` (as the dashboard resolves presets). */
async function presetCount(hours: number, nowMs: number): Promise<string> {
  const to = Math.ceil(nowMs / FIVE_MINUTES) * FIVE_MINUTES;
  const range = { from: new Date(to - hours * HOUR).toISOString(), to: new Date(to).toISOString() };
  const [row] = (await apiGet<MetricsResult>("demo", "/api/v1/metrics", range)).rows;
  return formatCount(row!.response_count);
}

describe("a link the view cannot show as written says so, and its address becomes what is shown", () => {
  it("from after to: the range the link also names (the last 6 hours), said; its figures are that range's", async () => {
    const { page, context } = await loggedIn(browser());
    const { from, to } = dataRange();
    const before = Date.now();
    const shown = await expectCorrected(page, href("/effect", { tenant: "demo", range: "6h", from: to, to: from }), {
      notices: ["from was after to; showing the last 6 hours"],
      rewritten: href("/effect", { tenant: "demo", range: "6h" }),
      charts: 2,
    });
    // The last 6 hours leave out the data's first 10 minutes: other figures than the whole data's (the swapped ends').
    const expected = new Set([await presetCount(6, before), await presetCount(6, Date.now())]);
    expect(expected).toContain(shown[0]);
    const [all] = (await apiGet<MetricsResult>("demo", "/api/v1/metrics", apiRange())).rows;
    expect(shown[0]).not.toBe(formatCount(all!.response_count));
    await context.close();
  });

  it("an unparsable from: the default range, said", async () => {
    const { page, context } = await loggedIn(browser());
    const before = Date.now();
    const shown = await expectCorrected(
      page,
      href("/diagnostics", { tenant: "demo", from: "garbage", to: dataRange().to }),
      {
        notices: ["from “garbage” is not a date and time (such as 2026-11-30T08:00Z); showing the last 24 hours"],
        rewritten: href("/diagnostics", { tenant: "demo", range: "24h" }),
        charts: 2,
      },
    );
    expect(new Set([await presetCount(24, before), await presetCount(24, Date.now())])).toContain(shown[0]);
    await context.close();
  });

  it("an unknown range, and a parameter given twice: said, the first and the default taken", async () => {
    const { page, context } = await loggedIn(browser());
    await expectCorrected(page, "/feedback?tenant=demo&range=3y&samples=bad&samples=failed", {
      notices: [
        "range “3y” is not one of 1h, 6h, 24h, 7d, 30d; showing the last 24 hours",
        "samples was given 2 different values; using the first, “bad”",
      ],
      rewritten: href("/feedback", { tenant: "demo", range: "24h", samples: "bad" }),
    });
    await context.close();
  });

  it("a filter's typo and a parameter another view reads: ignored, said, and the figures are the unfiltered ones", async () => {
    const { page, context } = await loggedIn(browser());
    const shown = await expectCorrected(page, viewUrl("/effect", { modle: "gpt-4o", samples: "bad" }), {
      notices: [
        "“modle” is not a filter or setting of the dashboard; ignored",
        "samples does not apply to this view; ignored",
      ],
      rewritten: href("/effect", { tenant: "demo", ...dataRange() }),
      charts: 2,
    });
    const [all] = (await apiGet<MetricsResult>("demo", "/api/v1/metrics", apiRange())).rows;
    expect(shown[0]).toBe(formatCount(all!.response_count));
    await context.close();
  });

  it("a tenant that is not a tenant name: the tenant logged in, said", async () => {
    const { page, context } = await loggedIn(browser());
    await expectCorrected(page, "/rejected?tenant=..%2Fetc&range=24h", {
      notices: ["tenant “../etc” is not a tenant name; showing the first tenant you are logged in to"],
      rewritten: href("/rejected", { tenant: "demo", range: "24h" }),
    });
    expect(await page.locator('[data-role="tenant"]').innerText()).toBe("demo");
    await context.close();
  });

  it("a bucket too fine for the range: the smallest readable one, said; the charts plot it, and the controls carry it on", async () => {
    const { page, context } = await loggedIn(browser());
    await expectCorrected(page, "/effect?tenant=demo&range=30d&bucket=5m", {
      notices: [
        "bucket “5m” gives 8,640 points over this range, more than the 200 a chart shows readably; showing one point per day (30 points)",
      ],
      rewritten: href("/effect", { tenant: "demo", range: "30d", bucket: "day" }),
      charts: 2,
    });
    // Drawn by the day: every plotted point at a midnight UTC.
    const xs = await page
      .locator('figure[data-chart="effect-rates"] [data-series]')
      .evaluateAll((marks) => marks.map((mark) => Number(mark.getAttribute("data-x"))));
    expect(xs.length).toBeGreaterThan(0);
    expect(xs.filter((x) => x % DAY !== 0)).toEqual([]);
    // The bucket select offers only what 30 days show readably (by the hour: 720 points).
    const offered = (panel: string) =>
      page
        .locator(`#${panel} select[name="bucket"] option`)
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(await offered("effect-rates")).toEqual(["", "day"]);
    // The rewritten address is the router's too: the next choice starts from it, and says nothing.
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("slice") === "channel"),
      page.selectOption('select[name="slice"]', "channel"),
    ]);
    await waitForView(page, { charts: 2 });
    expect(address(page)).toBe(href("/effect", { tenant: "demo", range: "30d", slice: "channel", bucket: "day" }));
    expect(await page.locator('[data-role="url-notice"]').count()).toBe(0);
    await context.close();
  });

  it("the rewrite adds no history entry: back leaves the corrected view", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto("/rejected?tenant=demo&range=1h");
    await waitForView(page);
    await page.goto("/rejected?tenant=demo&range=1y");
    await page.waitForURL((url) => url.searchParams.get("range") === "24h");
    await page.goBack();
    // The back navigation may settle after goBack resolves: wait for it, then check where it landed.
    await page.waitForURL((url) => url.searchParams.get("range") !== "24h", { timeout: 10_000 }).catch(() => {});
    expect(address(page)).toBe("/rejected?tenant=demo&range=1h");
    await context.close();
  });

  it("a filter value with no response in the range: kept in the link, and said to count none", async () => {
    const { page, context } = await loggedIn(browser());
    const link = viewUrl("/effect", { model: ["gpt-4o", "gpt-9"] });
    await page.goto(link);
    await waitForView(page, { charts: 2 });
    await expect
      .poll(() => noticeTexts(page, "unknown-values-notice"))
      .toEqual(["No response in this range has model “gpt-9”: the filter is kept, and counts none."]);
    expect(address(page)).toBe(link);
    expect(await page.locator('[data-role="url-notice"]').count()).toBe(0);
    const [gpt4o] = (await apiGet<MetricsResult>("demo", "/api/v1/metrics", apiRange({ model: "gpt-4o" }))).rows;
    expect(await kpiValue(page, "response_count")).toBe(formatCount(gpt4o!.response_count));
    // A value that exists says nothing.
    await page.goto(viewUrl("/effect", { model: "gpt-4o" }));
    await waitForView(page, { charts: 2 });
    expect(await page.locator('[data-role="unknown-values-notice"]').count()).toBe(0);
    await context.close();
  });

  it("an old parameter name is upgraded without a word", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto("/diagnostics?tenant=demo&range=24h&tool_name=web_search");
    await waitForView(page);
    expect(address(page)).toBe("/diagnostics?tenant=demo&range=24h&tool=web_search");
    expect(await page.locator('[data-role="url-notice"], [data-role="unknown-values-notice"]').count()).toBe(0);
    await context.close();
  });
});

describe("compare says when it cannot compare", () => {
  it("a value without responses in the range: said, and no n=0 figures", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl("/compare", { metric: "good_answer_rate", dimension: "prompt_version", a: "v1", b: "v9" }));
    await waitForView(page);
    const verdict = page.locator('[data-verdict="no_responses"][role="status"]');
    expect(await verdict.innerText()).toBe(
      "No response in this range has prompt version “v9”: nothing to compare. The values that have responses are listed below.",
    );
    expect(await page.locator('[data-kpi^="compare-"]').count()).toBe(0);
    // The values that do have responses, to choose from.
    expect(await page.locator('table[data-table="compare-values-prompt_version"] tbody tr').count()).toBeGreaterThan(1);
    await context.close();
  });

  it("A = B: refused with a reason, not a comparison", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl("/compare", { metric: "good_answer_rate", dimension: "prompt_version", a: "v1", b: "v1" }));
    await waitForView(page);
    expect(await page.locator('[data-verdict="same_value"][role="status"]').innerText()).toBe(
      "A and B are both “v1”: a value compared with itself shows no change. Choose two different values.",
    );
    expect(await page.locator('[data-kpi^="compare-"], figure[data-chart="compare-intervals"]').count()).toBe(0);
    await context.close();
  });
});
