import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import type { ResponseDetail } from "../../dashboard/src/lib/api-types";
import { apiGet } from "./support/api";
import { waitForView } from "./support/browser";
import { saveScreenshot } from "./support/screenshots";
import { loggedIn, useBrowser, viewUrl } from "./support/session";
import { EDGE } from "./stack/test-data";

const browser = useBrowser();

describe("drill-down from a bad sample to its trace", () => {
  it("a down-rated sample opens its detail page, whose trace link is the configured template's URL", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl("/feedback"));
    await waitForView(page);
    const link = page.locator(`table[data-table="samples-down"] a[data-role="sample-link"]:text-is("${EDGE.badResponseId}")`);
    await Promise.all([page.waitForURL((url) => url.pathname === `/responses/${EDGE.badResponseId}`), link.click()]);
    await waitForView(page);

    const detail = await apiGet<ResponseDetail>("demo", `/api/v1/responses/${EDGE.badResponseId}`);
    const trace = page.locator('a[data-role="trace-link"]');
    expect(await trace.getAttribute("href")).toBe(`https://langfuse.example.com/project/demo/traces/${EDGE.traceId}`);
    expect(await trace.getAttribute("href")).toBe(detail.response.trace_url);
    expect(await trace.getAttribute("target")).toBe("_blank");
    expect(await trace.getAttribute("rel")).toContain("noopener");

    // Tool calls: every lifecycle visibly marked; the error is the redacted one.
    expect(await page.locator('[data-timeline-row]').count()).toBe(1 + detail.tool_calls.length);
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
    expect(await page.locator('[data-role="outcome"] [data-label]').getAttribute("data-label")).toBe(detail.outcome!.label);
    expect(await page.locator('[data-role="label-reason"]').innerText()).toBe(detail.outcome!.label_reason);
    expect(await page.locator('[data-role="followup"]').innerText()).toContain(EDGE.followupResponseId);
    expect(await page.locator('[data-role="followup"]').innerText()).toContain("re-ask");
    await saveScreenshot(page, "response-detail");

    // Back keeps the view it came from.
    await Promise.all([page.waitForURL((url) => url.pathname === "/feedback"), page.click('a[data-role="back"]')]);
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
    const [download] = await Promise.all([page.waitForEvent("download"), page.click('button[data-csv="samples-down"]')]);
    const text = await readFile((await download.path())!, "utf8");
    const lines = text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toContain("Response");
    expect(lines.length - 1).toBe(await page.locator('table[data-table="samples-down"] tbody tr').count());
    expect(text).toContain(EDGE.badResponseId);
    await context.close();
  });
});
