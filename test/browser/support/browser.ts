import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium, logInToDashboard } from "@answerscope/test-kit/chromium";

/** The width the issue asks every view to work at; the screenshots are taken at it too. */
export const VIEWPORT = { width: 1280, height: 900 };

/** The screens every view is checked on: the smallest phone the layout supports, a common phone, a laptop. */
export const SCREENS = {
  small: { width: 360, height: 740 },
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type Screen = keyof typeof SCREENS;

export function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

/** A fresh browser profile (its own cookies) on the dashboard. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = VIEWPORT,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport, acceptDownloads: true });
  context.setDefaultTimeout(30_000);
  return context;
}

/** Logs in through the login form (test-kit's logInToDashboard), landing on the lightest view by default. */
export function logIn(page: Page, tenant: string, key: string, next = "/rejected"): Promise<void> {
  return logInToDashboard(page, tenant, key, next);
}

/** Waits until every chart on the page has drawn (recharts draws on the client only) and nothing is loading. */
export async function waitForView(page: Page, { charts = 0 }: { charts?: number } = {}): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('[data-state="loading"]').length === 0, undefined, {
    timeout: 30_000,
  });
  if (charts > 0) {
    await page.waitForFunction(
      (expected) => document.querySelectorAll("figure[data-chart] svg.recharts-surface").length >= expected,
      charts,
      { timeout: 30_000 },
    );
  }
}

/** The text of an element, trimmed; fails the test if it is not there. */
export async function textOf(page: Page, selector: string): Promise<string> {
  const text = await page.locator(selector).first().textContent({ timeout: 15_000 });
  return (text ?? "").trim();
}
