import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { dataRange, stack, type Tenant } from "./api";
import { launchBrowser, logIn, newContext } from "./browser";

/** One Chromium per test file, closed after it. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("the browser is not running");
    return browser;
  };
}

/** A new profile logged in to `tenant` through the login form. */
export async function loggedIn(
  browser: Browser,
  tenant: Tenant = "demo",
  viewport?: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, stack().dashboardUrl, viewport);
  const page = await context.newPage();
  await logIn(page, tenant, stack().readKeys[tenant]);
  return { context, page };
}

/** A view's link for the tenant over the whole test data, plus view parameters. */
export function viewUrl(path: string, params: Record<string, string | string[]> = {}, tenant: Tenant = "demo"): string {
  const query = new URLSearchParams({ tenant, ...dataRange() });
  for (const [name, value] of Object.entries(params))
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, item);
  return `${path}?${query.toString()}`;
}

/** The API parameters of the same question. */
export const apiRange = (extra: Record<string, string | string[]> = {}) => ({ ...dataRange(), ...extra });

export const kpiValue = (page: Page, id: string) =>
  page.locator(`[data-kpi="${id}"] [data-role="value"]`).first().innerText();
export const kpiN = (page: Page, id: string) => page.locator(`[data-kpi="${id}"] [data-role="n"]`).first().innerText();
