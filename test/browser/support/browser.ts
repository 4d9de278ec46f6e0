import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

/** Debian's Chromium, headless, with nothing that reaches the network by itself (environment.md). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

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
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
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

/**
 * Logs in through the login form, as a person would. It lands on the lightest view and waits only
 * until the answer arrives (the session cookie comes with it), not for that view's figures.
 */
export async function logIn(page: Page, tenant: string, key: string, next = "/rejected"): Promise<void> {
  await page.goto(`/login?${new URLSearchParams({ next, tenant }).toString()}`);
  await page.fill('input[name="tenant"]', tenant);
  await page.fill('input[name="key"]', key);
  await Promise.all([
    page.waitForURL((url) => !url.pathname.startsWith("/login"), { waitUntil: "commit" }),
    page.click('button[type="submit"]'),
  ]);
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
