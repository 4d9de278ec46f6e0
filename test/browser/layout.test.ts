import { describe, expect, it } from "vitest";
import { SCREENS } from "./support/browser";
import { EVERY_VIEW_ON_EVERY_SCREEN, useViewPages } from "./support/every-view";
import { headerProblems, layoutProblems } from "./support/layout-probes";
import { saveScreenshot } from "./support/screenshots";
import { useBrowser } from "./support/session";

const browser = useBrowser();
const openView = useViewPages(browser);

describe("every view fits its screen, from a phone to a laptop", () => {
  it.each(EVERY_VIEW_ON_EVERY_SCREEN)(
    "$title: nothing leaves the viewport, the page never scrolls sideways, the header's controls never overlap",
    async ({ view, screen }) => {
      const page = await openView(view, screen);
      // The figures are server-rendered before the script runs, and until it runs the nav's links stay
      // listed on a phone (the no-script fallback): measure the page as a reader with scripts sees it.
      if (!view.loggedOut) await page.locator('.site-nav[data-scripted="true"]').waitFor({ timeout: 15_000 });
      expect(await layoutProblems(page)).toEqual([]);
      if (!view.loggedOut) {
        expect(await headerProblems(page)).toEqual([]);
        // The views are all reachable: listed on a laptop, behind the one button on a phone.
        const links = page.locator(".app-header .nav-link");
        expect(await links.count()).toBeGreaterThan(5);
        const shown = await links.evaluateAll(
          (elements) => elements.filter((element) => element.getBoundingClientRect().width > 0).length,
        );
        expect(shown).toBe(screen === "desktop" ? await links.count() : 0);
        expect(await page.locator(".nav-toggle").isVisible()).toBe(screen !== "desktop");
      }
      // The docs show the common phone and the laptop.
      if (screen !== "small") await saveScreenshot(page, `${view.name}-${screen}`);
      await page.close();
    },
  );
});

describe("tables wider than the phone scroll inside their panel", () => {
  it("the response's tool calls scroll sideways in their panel, with shadow and hint, and the keyboard scrolls them", async () => {
    const detail = EVERY_VIEW_ON_EVERY_SCREEN.find(
      ({ view, screen }) => view.name === "response-detail" && screen === "phone",
    )!;
    const page = await openView(detail.view, "phone");
    const region = page.locator('[data-panel="response-tools"] .table-scroll');
    const box = (await region.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(SCREENS.phone.width);
    expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    // Named, described by the visible hint, reachable by Tab: a keyboard can scroll it.
    expect(await region.getAttribute("role")).toBe("region");
    expect(await region.getAttribute("tabindex")).toBe("0");
    expect(await region.getAttribute("aria-label")).toBe("Tool calls: table");
    const hint = page.locator('[data-panel="response-tools"] [data-role="scroll-hint"]');
    expect(await hint.isVisible()).toBe(true);
    expect(await hint.getAttribute("id")).toBe(await region.getAttribute("aria-describedby"));
    // A shadow on the edge with more behind it: the right one only, until the reader scrolls.
    const shadow = page.locator('[data-panel="response-tools"] .scroll-shadow');
    const edgeShade = (side: "before" | "after") =>
      shadow.evaluate((element, side) => getComputedStyle(element, `::${side}`).opacity, side);
    expect([await edgeShade("before"), await edgeShade("after")]).toEqual(["0", "1"]);
    await region.focus();
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(
      () => document.querySelector<HTMLElement>('[data-panel="response-tools"] .table-scroll')!.scrollLeft > 0,
    );
    await page.waitForFunction(
      () =>
        getComputedStyle(document.querySelector('[data-panel="response-tools"] .scroll-shadow')!, "::before")
          .opacity === "1",
    );
    expect(await layoutProblems(page)).toEqual([]);
    await page.close();
  });
});
