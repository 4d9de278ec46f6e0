import { describe, expect, it } from "vitest";
import type { MetricsResult } from "@answerscope/dashboard/api-types";
import { formatCount } from "@answerscope/dashboard/format";
import { apiGet, stack } from "./support/api";
import { newContext, waitForView } from "./support/browser";
import { apiRange, kpiValue, loggedIn, useBrowser, viewUrl } from "./support/session";
import { EDGE } from "./stack/test-data";

const browser = useBrowser();

describe("a read key of tenant A cannot see tenant B", () => {
  it("tenant B's views send A's user to the login page, and A's key does not log in to B", async () => {
    const { page, context } = await loggedIn(browser(), "demo");
    await page.goto(viewUrl("/effect", {}, "acme"));
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("tenant")).toBe("acme");

    await page.fill('input[name="tenant"]', "acme");
    await page.fill('input[name="key"]', stack().readKeys.demo);
    await page.click('button[type="submit"]');
    await page.locator('[data-state="login-error"]').waitFor();
    expect(await page.locator('[data-state="login-error"]').innerText()).toContain('cannot read tenant "acme"');
    expect(new URL(page.url()).pathname).toBe("/login");
    await context.close();
  });

  it("tenant B's response is not found for tenant A", async () => {
    const { page, context } = await loggedIn(browser(), "demo");
    await page.goto(viewUrl(`/responses/${EDGE.otherTenantResponseId}`));
    await waitForView(page);
    expect(await page.locator('[data-state="error"]').getAttribute("data-error-kind")).toBe("not_found");
    expect(await page.content()).not.toContain("acme internal question");
    await context.close();
  });

  it("each tenant sees its own figures; the key never reaches the page's scripts", async () => {
    const { page, context } = await loggedIn(browser(), "acme");
    await page.goto(viewUrl("/effect", {}, "acme"));
    await waitForView(page, { charts: 2 });
    const [acme] = (await apiGet<MetricsResult>("acme", "/api/v1/metrics", apiRange())).rows;
    expect(await kpiValue(page, "response_count")).toBe(formatCount(acme!.response_count));
    expect(await page.locator('table[data-table="effect-by-model"]').innerText()).not.toContain(EDGE.model);
    expect(await page.evaluate(() => document.cookie)).not.toContain(stack().readKeys.acme.slice(0, 6));
    expect(await page.content()).not.toContain(stack().readKeys.acme);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === "answerscope_session")?.httpOnly).toBe(true);
    await context.close();
  });

  it("without a login every view goes to the login page", async () => {
    const context = await newContext(browser(), stack().dashboardUrl);
    const page = await context.newPage();
    await page.goto(viewUrl("/diagnostics"));
    await page.waitForURL((url) => url.pathname === "/login");
    await context.close();
  });
});
