import { alertRuleGroups, expandDashboardUrl, resolveRulesConfig } from "@answerscope/alerts";
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { FeedbackReasonsResult, ResponseDetail, SamplesResult } from "@answerscope/dashboard/api-types";
import { reasonLabel } from "@answerscope/dashboard/reason-codes";
import { apiGet, stack } from "./support/api";
import { waitForView } from "./support/browser";
import { tabTo, topInViewport, waitForFocus } from "./support/keyboard";
import { apiRange, loggedIn, useBrowser, viewUrl } from "./support/session";
import { EDGE } from "./stack/test-data";

const browser = useBrowser();

const SAMPLES = "#feedback-samples";
const SAMPLES_TABLE = 'table[data-table="samples-down"]';

/** The listed samples: each one's response id and what its Reason column says. */
function listedSamples(page: Page): Promise<{ id: string; reason: string }[]> {
  return page.locator(SAMPLES_TABLE).evaluate((table) => {
    const column = [...table.querySelectorAll("thead th")].findIndex((th) => th.textContent?.trim() === "Reason");
    return [...table.querySelectorAll("tbody tr")].map((row) => ({
      id: row.querySelector('[data-role="sample-link"]')?.textContent?.trim() ?? "",
      reason: row.querySelectorAll("td")[column]?.textContent?.trim() ?? "",
    }));
  });
}

/** The reason chip of the samples panel: its text without its × ("Reason: <reason>"), and the ×'s accessible name. */
async function reasonChip(page: Page): Promise<{ text: string; remove: string | null }> {
  const chip = page.locator(`${SAMPLES} .chip`);
  const text = ((await chip.textContent()) ?? "").replace("×", "").replace(/\s+/g, " ").trim();
  return { text, remove: await chip.locator('[data-role="remove-reason"]').getAttribute("aria-label") };
}

/** The newest down-rated samples the API lists for a reason filter (`none`: no reason given), as the page asks. */
async function apiSamples(reason?: string): Promise<string[]> {
  const result = await apiGet<SamplesResult>(
    "demo",
    "/api/v1/samples",
    apiRange({ rating: "down", limit: "25", ...(reason ? { reason_code: reason } : {}) }),
  );
  return result.samples.map((sample) => sample.response_id);
}

/**
 * The thumbs-down spike alert's link (the production rule rendered for this stack's dashboard) as
 * Prometheus would expand it for the edge model's slice of tenant demo, evaluated now.
 */
function thumbsDownAlertLink(): URL {
  const rule = alertRuleGroups(resolveRulesConfig({ dashboardBaseUrl: stack().dashboardUrl }))
    .flatMap((group) => group.rules)
    .find((candidate) => candidate.alert === "AnswerscopeThumbsDownSpike" && candidate.labels.window === "1h")!;
  const labels: Record<string, string> = { tenant: "demo", model: EDGE.model, channel: "web", window: "1h" };
  const url = expandDashboardUrl(rule.annotations.dashboard_url, Date.now(), (label) => labels[label]);
  expect(url).not.toContain("{{");
  return new URL(url);
}

describe("the drill-down leads to the samples", () => {
  it("from an alert's link to a down-rated sample's detail page by Tab and Enter alone", async () => {
    const { page, context } = await loggedIn(browser());
    const link = thumbsDownAlertLink();
    await page.goto(link.href);
    await waitForView(page);
    expect(new URL(page.url()).searchParams.get("model")).toBe(EDGE.model);

    // To the reason bar of the edge answer's reason, and Enter: the samples of that reason, in view and focused.
    await tabTo(page, 'a.reason-bar[data-reason="not_grounded"]', 80);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("reason") === "not_grounded");
    await waitForFocus(page, SAMPLES);
    await waitForView(page);
    expect(await topInViewport(page, SAMPLES)).toBe(true);
    expect(await page.locator(`${SAMPLES} .chip`).getAttribute("data-filter")).toBe("reason=not_grounded");
    expect(await reasonChip(page)).toEqual({
      text: "Reason: not grounded",
      remove: "Remove filter reason: not grounded",
    });
    const listed = await listedSamples(page);
    expect(listed.map((sample) => sample.id)).toContain(EDGE.badResponseId);
    for (const sample of listed) expect(sample.reason).toBe("not grounded");

    // From the focused samples a few Tabs reach the answer (past the panel's own controls), and Enter opens it.
    const sampleLink = `${SAMPLES_TABLE} a[data-role="sample-link"]`;
    await tabTo(
      page,
      `${sampleLink}[href="/responses/${EDGE.badResponseId}"], ${sampleLink}[href^="/responses/${EDGE.badResponseId}?"]`,
      8,
    );
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === `/responses/${EDGE.badResponseId}`);
    await waitForView(page);
    expect(await page.locator("h1").first().innerText()).toContain(EDGE.badResponseId);
    await context.close();
  });

  it('a reason bar and "no reason given" each list only their samples, and the chip\'s × removes the filter', async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl("/feedback"));
    await waitForView(page);
    const { reasons } = await apiGet<FeedbackReasonsResult>("demo", "/api/v1/feedback/reasons", apiRange());
    expect(await page.locator("a.reason-bar").count()).toBe(reasons.length);
    const coded = reasons.find((row) => row.reason_code !== null)!;
    expect(reasons.some((row) => row.reason_code === null)).toBe(true);

    for (const [filter, label] of [
      [coded.reason_code!, reasonLabel(coded.reason_code)],
      ["none", "no reason given"],
    ] as const) {
      await page.locator(`a.reason-bar[data-reason="${filter}"]`).click();
      await page.waitForURL((url) => url.searchParams.get("reason") === filter && url.hash === SAMPLES);
      await waitForFocus(page, SAMPLES);
      await waitForView(page);
      expect(await topInViewport(page, SAMPLES), filter).toBe(true);
      expect(await page.locator(`a.reason-bar[data-reason="${filter}"]`).getAttribute("aria-current")).toBe("true");
      const listed = await listedSamples(page);
      expect(listed.map((sample) => sample.id)).toEqual(await apiSamples(filter));
      expect(listed.length, filter).toBeGreaterThan(0);
      for (const sample of listed) expect(sample.reason, sample.id).toBe(label);
      expect(await reasonChip(page)).toEqual({ text: `Reason: ${label}`, remove: `Remove filter reason: ${label}` });
    }

    // The chip's ×: every down-rated sample again, still at the samples.
    await page.locator(`${SAMPLES} [data-role="remove-reason"]`).click();
    await page.waitForURL((url) => !url.searchParams.has("reason"));
    await waitForFocus(page, SAMPLES);
    await waitForView(page);
    expect(await page.locator(`${SAMPLES} .chip`).count()).toBe(0);
    const all = await listedSamples(page);
    expect(all.map((sample) => sample.id)).toEqual(await apiSamples());
    expect(new Set(all.map((sample) => sample.reason)).size).toBeGreaterThan(1);
    await context.close();
  });
});

describe("drill-down from a bad sample to its trace", () => {
  it("a down-rated sample opens its detail page, whose trace link is the configured template's URL", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl("/feedback"));
    await waitForView(page);
    const link = page.locator(
      `table[data-table="samples-down"] a[data-role="sample-link"]:text-is("${EDGE.badResponseId}")`,
    );
    await Promise.all([page.waitForURL((url) => url.pathname === `/responses/${EDGE.badResponseId}`), link.click()]);
    await waitForView(page);

    const detail = await apiGet<ResponseDetail>("demo", `/api/v1/responses/${EDGE.badResponseId}`);
    const trace = page.locator('a[data-role="trace-link"]');
    expect(await trace.getAttribute("href")).toBe(`https://langfuse.example.com/project/demo/traces/${EDGE.traceId}`);
    expect(await trace.getAttribute("href")).toBe(detail.response.trace_url);
    expect(await trace.getAttribute("target")).toBe("_blank");
    expect(await trace.getAttribute("rel")).toContain("noopener");

    // Tool calls: every lifecycle visibly marked; the error is the redacted one.
    expect(await page.locator("[data-timeline-row]").count()).toBe(1 + detail.tool_calls.length);
    expect(await page.locator('[data-timeline-row="edge-tc3"]').innerText()).toContain("start inferred");
    expect(await page.locator('[data-timeline-row="edge-tc4"]').innerText()).toContain("unfinished");
    expect(await page.locator('[data-role="start-inferred"]').count()).toBe(1);
    expect(await page.locator('[data-status="started"]').innerText()).toBe("unfinished");
    const error = await page.locator('[data-role="tool-error"]').innerText();
    expect(error).toContain("upstream");
    expect(error).not.toContain(EDGE.secret);
    expect(error).toContain(detail.tool_calls.find((call) => call.tool_call_id === "edge-tc2")!.error_message!);

    // Feedback with its revision, the label with its rule, the follow-up.
    expect(await page.locator('table[data-table="response-feedback"] tbody tr').count()).toBe(2);
    expect(await page.locator('[data-role="revision"]').last().innerText()).toContain("latest");
    expect(await page.locator('[data-role="verification"]').first().innerText()).toBe("verified");
    expect(await page.locator('[data-role="outcome"] [data-label]').getAttribute("data-label")).toBe(
      detail.outcome!.label,
    );
    expect(await page.locator('[data-role="label-reason"]').innerText()).toBe(detail.outcome!.label_reason);
    expect(await page.locator('[data-role="followup"]').innerText()).toContain(EDGE.followupResponseId);
    expect(await page.locator('[data-role="followup"]').innerText()).toContain("re-ask");

    // Back keeps the view it came from, at its samples.
    await Promise.all([page.waitForURL((url) => url.pathname === "/feedback"), page.click('a[data-role="back"]')]);
    await waitForFocus(page, SAMPLES);
    expect(await topInViewport(page, SAMPLES)).toBe(true);
    await context.close();
  });

  it("a response without a trace says so plainly", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl(`/responses/${EDGE.noTraceResponseId}`));
    await waitForView(page);
    expect(await page.locator('a[data-role="trace-link"]').count()).toBe(0);
    expect(await page.locator('[data-role="trace"]').innerText()).toContain("No trace");
    await context.close();
  });

  it("the samples table downloads as CSV with the rows shown", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl("/feedback"));
    await waitForView(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.click('button[data-csv="samples-down"]'),
    ]);
    const text = await readFile(await download.path(), "utf8");
    const lines = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toContain("Response");
    expect(lines.length - 1).toBe(await page.locator('table[data-table="samples-down"] tbody tr').count());
    expect(text).toContain(EDGE.badResponseId);
    await context.close();
  });
});
