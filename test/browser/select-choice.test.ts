import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { stack } from "./support/api";
import { logIn, waitForView } from "./support/browser";
import { settle } from "./support/keyboard";
import { loggedIn, useBrowser } from "./support/session";

const browser = useBrowser();

/** Every request the page makes for a view whose query differs from `here` in `param` (a navigation or its data). */
function requestsLeaving(page: Page, param: string, here: string): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin === stack().dashboardUrl && url.searchParams.has(param) && url.searchParams.get(param) !== here)
      seen.push(request);
  });
  return seen;
}

/**
 * Arrow keys on a closed select change its value in Chromium at once; the Time and Tenant selects
 * must not navigate on such a step (once per step, or to another tenant), only on a choice.
 */
describe("the filter bar's selects act on a choice, not on an arrow step", () => {
  it("ArrowDown on the Time select leaves the URL and the figures alone; Enter applies the range shown", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto("/rejected?tenant=demo&range=24h");
    await waitForView(page);
    const before = page.url();
    const leaving = requestsLeaving(page, "range", "24h");
    const select = page.locator('.filter-bar select[name="range"]');
    await select.focus();
    await page.keyboard.press("ArrowDown");
    await settle(page);
    await page.keyboard.press("ArrowDown");
    await settle(page);
    const shown = await select.inputValue();
    expect(shown).not.toBe("24h");
    expect(page.url()).toBe(before);
    expect(await page.locator(".filter-bar").getAttribute("data-pending")).toBe("false");
    expect(leaving.map((request) => request.url())).toEqual([]);
    expect(await select.getAttribute("data-choice-pending")).toBe("true");

    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("range") === shown);
    await context.close();
  });

  it("ArrowUp on the Tenant select neither switches tenant nor opens the login page; Escape puts it back, leaving it applies", async () => {
    const { page, context } = await loggedIn(browser());
    await logIn(page, "acme", stack().readKeys.acme);
    await page.goto("/rejected?tenant=demo&range=24h");
    await waitForView(page);
    const before = page.url();
    const leaving = requestsLeaving(page, "tenant", "demo");
    const select = page.locator('.filter-bar select[name="tenant"]');
    expect(await select.locator("option").allInnerTexts()).toEqual(["acme", "demo"]);
    // Logging in to another tenant is a control of its own.
    const login = new URL(
      (await page.locator('.filter-bar a[data-role="login-another"]').getAttribute("href"))!,
      before,
    );
    expect(login.pathname).toBe("/login");
    expect(login.searchParams.get("next")).toBe("/rejected?tenant=demo&range=24h");
    await select.focus();
    await page.keyboard.press("ArrowUp");
    await settle(page);
    expect(await select.inputValue()).toBe("acme");
    expect(page.url()).toBe(before);
    expect(await page.locator(".filter-bar").getAttribute("data-pending")).toBe("false");
    expect(leaving.map((request) => request.url())).toEqual([]);
    await page.keyboard.press("Escape");
    await settle(page);
    expect(await select.inputValue()).toBe("demo");
    expect(leaving.map((request) => request.url())).toEqual([]);

    // Leaving the select with another tenant shown is a choice: the view follows it.
    await page.keyboard.press("ArrowUp");
    await settle(page);
    expect(page.url()).toBe(before);
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("tenant") === "acme"),
      page.keyboard.press("Tab"),
    ]);
    expect(new URL(page.url()).pathname).toBe("/rejected");

    await context.close();
  });
});
