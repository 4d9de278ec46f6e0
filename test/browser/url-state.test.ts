import { describe, expect, it } from "vitest";
import type { MetricsResult } from "@answerscope/dashboard/api-types";
import { formatCount, formatRate } from "@answerscope/dashboard/format";
import { apiGet } from "./support/api";
import { waitForView } from "./support/browser";
import { expectToStay, holdRequests } from "./support/held-requests";
import { apiRange, kpiValue, loggedIn, useBrowser, viewUrl } from "./support/session";

const browser = useBrowser();

describe("the view lives in the URL", () => {
  it("a filter chosen in the filter bar changes the URL and the figures; removing it restores both", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl("/effect"));
    await waitForView(page, { charts: 2 });
    const [all] = (await apiGet<MetricsResult>("demo", "/api/v1/metrics", apiRange())).rows;
    const [slack] = (await apiGet<MetricsResult>("demo", "/api/v1/metrics", apiRange({ channel: "slack" }))).rows;
    expect(slack!.response_count).toBeLessThan(all!.response_count);

    await page.selectOption('select[name="filter-dimension"]', "channel");
    const valueSelect = page.locator('select[name="filter-value"]');
    await valueSelect.locator('option[value="slack"]').waitFor({ state: "attached" });
    await Promise.all([
      page.waitForURL((url) => url.searchParams.getAll("channel").includes("slack")),
      valueSelect.selectOption("slack"),
    ]);
    await waitForView(page, { charts: 2 });
    await expect.poll(() => kpiValue(page, "response_count")).toBe(formatCount(slack!.response_count));
    expect(await kpiValue(page, "good_answer_rate")).toBe(formatRate(slack!.good_answer_rate));
    expect(await page.locator('[data-filter="channel=slack"]').count()).toBe(1);

    await Promise.all([
      page.waitForURL((url) => !url.searchParams.has("channel")),
      page.click('[data-filter="channel=slack"] button'),
    ]);
    await waitForView(page, { charts: 2 });
    await expect.poll(() => kpiValue(page, "response_count")).toBe(formatCount(all!.response_count));
    await context.close();
  });

  it("the time range and grouping controls write the URL", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto("/effect?tenant=demo");
    await waitForView(page);
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("range") === "7d"),
      page.selectOption('select[name="range"]', "7d"),
    ]);
    await waitForView(page);
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("slice") === "prompt_version"),
      page.selectOption('select[name="slice"]', "prompt_version"),
    ]);
    await waitForView(page);
    expect(await page.locator('table[data-table="effect-by-prompt_version"]').count()).toBe(1);
    // "Pin time range" swaps the relative preset for its concrete ends: a link that shows the same figures later.
    await Promise.all([
      page.waitForURL(
        (url) => url.searchParams.has("from") && url.searchParams.has("to") && !url.searchParams.has("range"),
      ),
      page.click("text=Pin time range"),
    ]);
    await context.close();
  });

  it("a late answer to an older choice never replaces the newer view", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl("/effect"));
    await waitForView(page, { charts: 2 });
    // The browser fetches each view from the dashboard's server. The answer to the first choice is
    // held until the second choice's view is on screen, then let through: an answer that really is late.
    const late = await holdRequests(
      page,
      (url) => url.pathname === "/effect" && url.searchParams.get("slice") === "channel",
    );
    await page.selectOption('select[name="slice"]', "channel");
    await expect.poll(() => late.held.length).toBeGreaterThan(0);
    await page.selectOption('select[name="slice"]', "prompt_version");
    await page.waitForURL((url) => url.searchParams.get("slice") === "prompt_version");
    await waitForView(page, { charts: 2 });
    expect(await page.locator('table[data-table="effect-by-prompt_version"]').count()).toBe(1);
    expect(late.outcomes().every((outcome) => outcome === "open")).toBe(true);

    late.release();
    // The late answer reaches the browser (the server answers it in full, the router reads it).
    await expect.poll(late.outcomes, { timeout: 30_000 }).toEqual(late.held.map(() => 200));
    // The late answer is in the browser; for a while after, the newer view stays.
    const shown = async () => ({
      slice: new URL(page.url()).searchParams.get("slice"),
      byPromptVersion: await page.locator('table[data-table="effect-by-prompt_version"]').count(),
      byChannel: await page.locator('table[data-table="effect-by-channel"]').count(),
    });
    await expectToStay(page, shown, { slice: "prompt_version", byPromptVersion: 1, byChannel: 0 });
    await context.close();
  });

  it("a late list of values for an older dimension never fills the newer one's", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl("/effect"));
    await waitForView(page, { charts: 2 });
    // The filter bar reads a dimension's values from the dashboard's server in the browser. The
    // answer for the first dimension is held until the second one's values are listed, then let through.
    const late = await holdRequests(
      page,
      (url) => url.pathname === "/data/dimension-values" && url.searchParams.get("dimension") === "channel",
    );
    await page.selectOption('select[name="filter-dimension"]', "channel");
    await expect.poll(() => late.held.length).toBe(1);
    await page.selectOption('select[name="filter-dimension"]', "model");
    const valueSelect = page.locator('select[name="filter-value"]');
    await valueSelect.locator('option[value="gpt-4o"]').waitFor({ state: "attached" });
    const listed = () =>
      valueSelect
        .locator("option")
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    const models = await listed();
    expect(models).not.toContain("slack");

    late.release();
    // The late request ends (answered, or given up by the page), and for a while after the list stays the model's.
    await expect.poll(() => late.outcomes()[0] !== "open", { timeout: 30_000 }).toBe(true);
    await expectToStay(page, listed, models);
    await context.close();
  });

  it("a shared link reproduces the view in another browser", async () => {
    const first = await loggedIn(browser());
    const link = viewUrl("/effect", { model: ["gpt-4o", "claude-sonnet"], prompt_version: "v2", slice: "channel" });
    await first.page.goto(link);
    await waitForView(first.page, { charts: 2 });
    const shared = first.page.url();
    const shown = await Promise.all(
      ["response_count", "good_answer_rate", "thumbs_down_rate"].map((id) => kpiValue(first.page, id)),
    );
    const table = await first.page.locator('table[data-table="effect-by-channel"]').innerText();

    const second = await loggedIn(browser());
    await second.page.goto(shared);
    await waitForView(second.page, { charts: 2 });
    expect(second.page.url()).toBe(shared);
    expect(
      await Promise.all(
        ["response_count", "good_answer_rate", "thumbs_down_rate"].map((id) => kpiValue(second.page, id)),
      ),
    ).toEqual(shown);
    expect(await second.page.locator('table[data-table="effect-by-channel"]').innerText()).toBe(table);
    const [expected] = (
      await apiGet<MetricsResult>(
        "demo",
        "/api/v1/metrics",
        apiRange({ model: ["gpt-4o", "claude-sonnet"], prompt_version: "v2" }),
      )
    ).rows;
    expect(shown[0]).toBe(formatCount(expected!.response_count));
    await first.context.close();
    await second.context.close();
  });

  it("navigation between views keeps tenant, time and filters", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl("/effect", { channel: "web" }));
    await waitForView(page);
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/diagnostics"),
      page.click('nav a:has-text("Diagnostics")'),
    ]);
    const url = new URL(page.url());
    expect(url.searchParams.get("channel")).toBe("web");
    expect(url.searchParams.get("tenant")).toBe("demo");
    expect(url.searchParams.has("from")).toBe(true);
    await context.close();
  });
});
