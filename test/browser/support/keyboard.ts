import type { Page } from "playwright-core";

/**
 * Presses Tab until the focused element matches `selector`, as a keyboard user moves through the
 * page; fails after `most` presses. Answers how many presses it took.
 */
export async function tabTo(page: Page, selector: string, most: number): Promise<number> {
  for (let presses = 1; presses <= most; presses++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return presses;
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? "nothing");
  throw new Error(`${selector} not reached in ${most} Tab presses; focus is on ${focused}`);
}

/** Waits until the focused element is `selector` (focus moved by the page, not by the test). */
export async function waitForFocus(page: Page, selector: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction((wanted) => document.activeElement?.matches(wanted) ?? false, selector, { timeout });
}

/** Whether the element's top edge is inside the viewport (scrolled into view). */
export function topInViewport(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const top = element.getBoundingClientRect().top;
      return top >= 0 && top < window.innerHeight;
    });
}

/** Lets the page run what a key press set going (its handlers, a frame, the tasks after it). */
export function settle(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}
