import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { LabelAgreementResult, LabelAgreementSamplesResult } from "@answerscope/dashboard/api-types";
import { formatCount, formatRate } from "@answerscope/dashboard/format";
import { apiGet } from "./support/api";
import { waitForView } from "./support/browser";
import { apiRange, kpiN, kpiValue, loggedIn, useBrowser, viewUrl } from "./support/session";
import { EDGE } from "./stack/test-data";

const browser = useBrowser();

const matrixCell = (page: Page, label: string, external: string) =>
  page.locator(`table[data-table="agreement-matrix"] [data-cell="${label}|${external}"]`);

describe("label agreement view", () => {
  it("shows the API's agreement, matrix and per-label figures with their sample sizes", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl("/agreement"));
    await waitForView(page);
    const api = await apiGet<LabelAgreementResult>(
      "demo",
      "/api/v1/label-agreement",
      apiRange({ source: "vikingbot" }),
    );
    expect(api.compared).toBeGreaterThan(30);
    expect(await kpiValue(page, "agreement_rate")).toBe(formatRate(api.agreement_rate));
    expect(await kpiN(page, "agreement_rate")).toContain(`n = ${formatCount(api.compared)}`);
    expect(await kpiValue(page, "only_answerscope")).toBe(formatCount(api.only_answerscope));
    expect(await kpiValue(page, "only_external")).toBe(formatCount(api.only_external));
    expect(await kpiValue(page, "not_compared")).toBe(formatCount(api.not_compared));
    // Every cell of the API's matrix, with its count and verdict, and nothing else.
    expect(await page.locator('table[data-table="agreement-matrix"] [data-role="matrix-cell"]').count()).toBe(
      api.cells.length,
    );
    for (const cell of api.cells) {
      const link = matrixCell(page, cell.answerscope_label, cell.external_label);
      expect(await link.innerText()).toContain(formatCount(cell.count));
      expect(await link.getAttribute("data-verdict")).toBe(
        cell.agrees === null ? "uncompared" : cell.agrees ? "agree" : "disagree",
      );
    }
    // vikingbot's follow_up is outside the mapping: shown, said to be not compared.
    const followUp = page.locator('table[data-table="agreement-by-label"] tbody tr', {
      hasText: "follow_up_without_feedback",
    });
    expect(await followUp.locator('[data-role="n"]').innerText()).toBe(
      `n=${formatCount(api.by_external_label.find((row) => row.external_label === "follow_up_without_feedback")!.compared)}`,
    );
    const uncompared = page
      .locator('table[data-table="agreement-by-label"] tbody tr')
      .filter({ has: page.locator("td:first-child", { hasText: /^follow_up$/ }) });
    expect(await uncompared.innerText()).toContain("not compared");
    await context.close();
  });

  it("opens a cell's responses from the matrix (in the URL), and a response's detail from there", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl("/agreement"));
    await waitForView(page);
    // The down-rated edge response, which vikingbot calls positive_feedback: a disagreement.
    const disagreement = matrixCell(page, "bad", "positive_feedback");
    expect(await disagreement.getAttribute("data-verdict")).toBe("disagree");
    await Promise.all([
      page.waitForURL(
        (url) =>
          url.searchParams.get("cell_label") === "bad" && url.searchParams.get("cell_external") === "positive_feedback",
      ),
      disagreement.click(),
    ]);
    await waitForView(page);
    const samples = await apiGet<LabelAgreementSamplesResult>(
      "demo",
      "/api/v1/label-agreement/samples",
      apiRange({ source: "vikingbot", answerscope_label: "bad", external_label: "positive_feedback", limit: "50" }),
    );
    const links = page.locator('table[data-table="agreement-samples"] [data-role="sample-link"]');
    expect(await links.allInnerTexts()).toEqual(samples.samples.map((sample) => sample.response_id));
    expect(samples.samples.map((sample) => sample.response_id)).toContain(EDGE.badResponseId);
    await Promise.all([
      page.waitForURL((url) => url.pathname === `/responses/${EDGE.badResponseId}`),
      links.filter({ hasText: EDGE.badResponseId }).click(),
    ]);
    await waitForView(page);
    // A shared link of the cell reproduces it.
    await page.goto(viewUrl("/agreement", { cell_label: "bad", cell_external: "positive_feedback" }));
    await waitForView(page);
    expect(await links.allInnerTexts()).toEqual(samples.samples.map((sample) => sample.response_id));
    await context.close();
  });

  it("a dimension filter changes the URL and the figures", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl("/agreement", { channel: "slack" }));
    await waitForView(page);
    const all = await apiGet<LabelAgreementResult>(
      "demo",
      "/api/v1/label-agreement",
      apiRange({ source: "vikingbot" }),
    );
    const slack = await apiGet<LabelAgreementResult>(
      "demo",
      "/api/v1/label-agreement",
      apiRange({ source: "vikingbot", channel: "slack" }),
    );
    expect(slack.compared).toBeLessThan(all.compared);
    expect(await kpiN(page, "agreement_rate")).toContain(`n = ${formatCount(slack.compared)}`);
    expect(await kpiValue(page, "external_without_response")).toBe("—");
    await Promise.all([
      page.waitForURL((url) => !url.searchParams.has("channel")),
      page.click('[data-filter="channel=slack"] button'),
    ]);
    await waitForView(page);
    await expect.poll(() => kpiN(page, "agreement_rate")).toContain(`n = ${formatCount(all.compared)}`);
    await context.close();
  });

  it("says so when no response carries a vikingbot label, instead of showing zeros", async () => {
    const { page, context } = await loggedIn(browser(), "acme");
    await page.goto(viewUrl("/agreement", {}, "acme"));
    await waitForView(page);
    expect(await page.locator('[data-state="empty"]').innerText()).toContain("carries a vikingbot label");
    expect(await page.locator('[data-kpi="agreement_rate"]').count()).toBe(0);
    expect(await page.locator('[data-state="error"]').count()).toBe(0);
    await context.close();
  });
});
