import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type {
  CompareResult,
  FeedbackReasonsResult,
  MetricsResult,
  RejectedResult,
  SamplesResult,
  ToolsResult,
} from "@answerscope/dashboard/api-types";
import { formatCount, formatDuration, formatInterval, formatRate } from "@answerscope/dashboard/format";
import { apiGet } from "./support/api";
import { waitForView } from "./support/browser";
import { apiRange, kpiN, kpiValue, loggedIn, useBrowser, viewUrl } from "./support/session";
import { EDGE } from "./stack/test-data";

const browser = useBrowser();

/** A table's cell by its row's first cell and its column header. */
async function cell(page: Page, table: string, rowLabel: string, header: string): Promise<string> {
  return page.evaluate(
    ({ table, rowLabel, header }) => {
      const element = document.querySelector(`table[data-table="${table}"]`);
      if (!element) throw new Error(`no table ${table}`);
      const headers = [...element.querySelectorAll("thead th")].map((th) => th.textContent?.trim());
      const column = headers.indexOf(header);
      const row = [...element.querySelectorAll("tbody tr")].find(
        (tr) => tr.querySelector("td")?.textContent?.trim() === rowLabel,
      );
      if (column < 0 || !row)
        throw new Error(`no cell ${rowLabel} / ${header} in ${table} (headers ${headers.join(", ")})`);
      return row.querySelectorAll("td")[column]!.textContent.trim();
    },
    { table, rowLabel, header },
  );
}

describe("each view renders its charts with the API's figures", () => {
  it("effect: headline rates with sample sizes, charts over time, and slices with small samples marked", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl("/effect"));
    await waitForView(page, { charts: 2 });
    const [total] = (await apiGet<MetricsResult>("demo", "/api/v1/metrics", apiRange())).rows;
    expect(await kpiValue(page, "response_count")).toBe(formatCount(total!.response_count));
    expect(await kpiValue(page, "good_answer_rate")).toBe(formatRate(total!.good_answer_rate));
    expect(await kpiValue(page, "thumbs_down_rate")).toBe(formatRate(total!.thumbs_down_rate));
    expect(await kpiValue(page, "reask_rate")).toBe(formatRate(total!.reask_rate));
    expect(await kpiValue(page, "feedback_coverage")).toBe(formatRate(total!.feedback_coverage));
    expect(await kpiValue(page, "one_turn_resolution_rate")).toBe(formatRate(total!.one_turn_resolution_rate));
    expect(await kpiN(page, "feedback_coverage")).toContain(`n = ${formatCount(total!.response_count)}`);

    const byModel = (await apiGet<MetricsResult>("demo", "/api/v1/metrics", apiRange({ group_by: "model" }))).rows;
    const gpt = byModel.find((row) => row.dims.model === "gpt-4o")!;
    expect(await cell(page, "effect-by-model", "gpt-4o", "Responses")).toBe(formatCount(gpt.response_count));
    expect(await cell(page, "effect-by-model", "gpt-4o", "Good-answer rate")).toContain(
      formatRate(gpt.good_answer_rate),
    );
    // The edge model has 3 responses: shown, and marked as a small sample.
    expect(await cell(page, "effect-by-model", EDGE.model, "Responses")).toBe("3");
    expect(
      await page.locator('table[data-table="effect-by-model"] [data-role="small-sample"]').count(),
    ).toBeGreaterThan(0);
    // Charts have axes with units and legends.
    const rates = page.locator('figure[data-chart="effect-rates"]');
    await expect(rates.locator('[data-legend="series"]').count()).resolves.toBe(5);
    await expect(rates.locator("text", { hasText: "rate (%)" }).count()).resolves.toBeGreaterThan(0);
    await context.close();
  });

  it("diagnostics: latency, failure and tool figures", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl("/diagnostics"));
    await waitForView(page, { charts: 7 });
    const [total] = (await apiGet<MetricsResult>("demo", "/api/v1/metrics", apiRange())).rows;
    expect(await kpiValue(page, "latency_p95_ms")).toBe(formatDuration(total!.latency_p95_ms));
    expect(await kpiValue(page, "error_rate")).toBe(formatRate(total!.error_rate));
    expect(await kpiValue(page, "tool_success_rate")).toBe(formatRate(total!.tool_success_rate));
    expect(await kpiValue(page, "tool_calls_unfinished")).toBe(formatCount(total!.tool_calls_unfinished));
    const tools = (await apiGet<ToolsResult>("demo", "/api/v1/tools", apiRange())).rows;
    const busiest = [...tools].sort((a, b) => b.calls - a.calls)[0]!;
    expect(await cell(page, "tools", busiest.tool_name, "Calls")).toBe(formatCount(busiest.calls));
    expect(await cell(page, "tools", busiest.tool_name, "Error rate")).toContain(formatRate(busiest.error_rate));
    const byProvider = (await apiGet<MetricsResult>("demo", "/api/v1/metrics", apiRange({ group_by: "provider" })))
      .rows;
    const openai = byProvider.find((row) => row.dims.provider === "openai")!;
    expect(await cell(page, "diagnostics-by-provider", "openai", "Latency p95")).toBe(
      formatDuration(openai.latency_p95_ms),
    );
    await context.close();
  });

  it("negative feedback: reasons, chains, categories and the newest down-rated samples", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl("/feedback"));
    // One chart (categories); the reasons are bars that are links, plain HTML.
    await waitForView(page, { charts: 1 });
    const reasons = await apiGet<FeedbackReasonsResult>("demo", "/api/v1/feedback/reasons", apiRange());
    expect(await kpiValue(page, "down_rated")).toBe(formatCount(reasons.down_rated));
    const top = reasons.reasons[0]!;
    expect(
      await page.locator('table[data-table="feedback-reasons"] tbody tr').first().locator("td").nth(1).innerText(),
    ).toBe(formatCount(top.count));
    const samples = await apiGet<SamplesResult>("demo", "/api/v1/samples", apiRange({ rating: "down", limit: "25" }));
    const links = page.locator('table[data-table="samples-down"] [data-role="sample-link"]');
    expect(await links.count()).toBe(samples.samples.length);
    expect(await links.first().innerText()).toBe(samples.samples[0]!.response_id);
    await context.close();
  });

  it("compare: both rates with Wilson intervals, the difference and the verdict; small slices are insufficient data", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl("/compare", { metric: "good_answer_rate", dimension: "prompt_version", a: "v1", b: "v2" }));
    await waitForView(page, { charts: 1 });
    const result = await apiGet<CompareResult>(
      "demo",
      "/api/v1/compare",
      apiRange({ metric: "good_answer_rate", dimension: "prompt_version", a: "v1", b: "v2" }),
    );
    expect(await kpiValue(page, "compare-a")).toBe(formatRate(result.a.rate));
    expect(await kpiValue(page, "compare-b")).toBe(formatRate(result.b.rate));
    expect(await page.locator('[data-kpi="compare-a"] [data-role="interval"]').innerText()).toContain(
      formatInterval(result.a.ci_low, result.a.ci_high),
    );
    expect(await page.locator("[data-verdict]").getAttribute("data-verdict")).toBe(
      result.significant ? "significant" : "not_significant",
    );

    await page.goto(
      viewUrl("/compare", { metric: "good_answer_rate", dimension: "model", a: "gpt-4o", b: EDGE.model }),
    );
    await waitForView(page, { charts: 1 });
    expect(await page.locator("[data-verdict]").getAttribute("data-verdict")).toBe("insufficient_data");
    await context.close();
  });

  it("rejected events: counts by reason and the newest payloads", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl("/rejected"));
    await waitForView(page, { charts: 1 });
    const rejected = await apiGet<RejectedResult>("demo", "/api/v1/rejected", apiRange());
    expect(rejected.total).toBeGreaterThan(0);
    expect(await kpiValue(page, "rejected_total")).toBe(formatCount(rejected.total));
    const firstRow = page.locator('table[data-table="rejected-events"] tbody tr').first();
    expect(await firstRow.locator("td").nth(1).innerText()).toBe(rejected.events[0]!.reason);
    await context.close();
  });
});
