import { chromium, type Browser, type Page } from "playwright-core";

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

/** The browser tests' and the bench's Chromium: the same binary and flags for both. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/**
 * Logs in through the dashboard's login form, as a person would. It lands on `next` and waits only
 * until the answer arrives (the session cookie comes with it), not for that view's figures.
 */
export async function logInToDashboard(page: Page, tenant: string, key: string, next: string): Promise<void> {
  await page.goto(`/login?${new URLSearchParams({ next, tenant }).toString()}`);
  await page.fill('input[name="tenant"]', tenant);
  await page.fill('input[name="key"]', key);
  await Promise.all([
    page.waitForURL((url) => !url.pathname.startsWith("/login"), { waitUntil: "commit" }),
    page.click('button[type="submit"]'),
  ]);
}
