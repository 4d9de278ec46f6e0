import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { VIEWS } from "@answerscope/dashboard/routes";
import { stack } from "./support/api";
import { SCREENS, waitForView } from "./support/browser";
import { headerProblems, layoutProblems } from "./support/layout-probes";
import { loggedIn, useBrowser, viewUrl } from "./support/session";

const browser = useBrowser();

const focused = (page: Page) =>
  page.evaluate(() => ({
    className: document.activeElement?.className ?? "",
    text: (document.activeElement?.textContent ?? "").trim(),
  }));
/** The nav links a reader can see: displayed, and inside the viewport. */
const visibleLinks = (page: Page) =>
  page.locator(".app-header .nav-link").evaluateAll((links) =>
    links
      .filter((link) => {
        const box = link.getBoundingClientRect();
        return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth && box.bottom <= window.innerHeight;
      })
      .map((link) => link.textContent.trim()),
  );
const ALL_LABELS = Object.values(VIEWS).map((view) => view.label);

describe("the navigation on a phone folds behind one button that the keyboard works", () => {
  it("Tab reaches the button, Enter opens the list inside the screen, Tab walks it, Escape closes it and returns focus", async () => {
    const { page, context } = await loggedIn(browser(), "demo", SCREENS.phone);
    await page.goto(viewUrl("/effect"));
    await waitForView(page, { charts: 2 });
    const toggle = page.locator(".nav-toggle");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await visibleLinks(page)).toEqual([]);

    // Skip link, brand, then the button.
    for (let step = 0; step < 3; step += 1) await page.keyboard.press("Tab");
    expect(await focused(page)).toEqual({ className: "nav-toggle", text: "☰Views" });
    await page.keyboard.press("Enter");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await visibleLinks(page)).toEqual(ALL_LABELS);
    expect(await layoutProblems(page)).toEqual([]);
    expect(await headerProblems(page)).toEqual([]);
    await page.keyboard.press("Tab");
    expect((await focused(page)).text).toBe(ALL_LABELS[0]);
    await page.keyboard.press("Tab");
    expect((await focused(page)).text).toBe(ALL_LABELS[1]);

    await page.keyboard.press("Escape");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect((await focused(page)).className).toBe("nav-toggle");
    expect(await visibleLinks(page)).toEqual([]);

    // Space opens it too; following a link shows that view and folds the list again.
    await page.keyboard.press("Space");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await Promise.all([
      page.waitForURL((url) => url.pathname === VIEWS.diagnostics.path),
      page.keyboard.press("Enter"),
    ]);
    await page.waitForFunction(() => document.querySelector(".nav-toggle")?.getAttribute("aria-expanded") === "false");
    expect(await visibleLinks(page)).toEqual([]);
    await context.close();
  });

  it("without the script there is no button, and every view's link is listed inside the screen", async () => {
    const { context: session } = await loggedIn(browser(), "demo", SCREENS.phone);
    const context = await browser().newContext({
      baseURL: stack().dashboardUrl,
      viewport: SCREENS.phone,
      javaScriptEnabled: false,
      storageState: await session.storageState(),
    });
    await session.close();
    const page = await context.newPage();
    await page.goto(viewUrl("/rejected"));
    expect(await page.locator(".nav-toggle").isVisible()).toBe(false);
    expect(await visibleLinks(page)).toEqual(ALL_LABELS);
    expect(await layoutProblems(page)).toEqual([]);
    expect(await headerProblems(page)).toEqual([]);
    await context.close();
  });

  it("on a laptop every view's link is listed in the header, with no button", async () => {
    const { page, context } = await loggedIn(browser(), "demo", SCREENS.desktop);
    await page.goto(viewUrl("/rejected"));
    await waitForView(page, { charts: 1 });
    expect(await page.locator(".nav-toggle").isVisible()).toBe(false);
    expect(await visibleLinks(page)).toEqual(ALL_LABELS);
    const header = (await page.locator(".app-header").boundingBox())!;
    expect(header.height).toBeLessThanOrEqual(56);
    await context.close();
  });
});
