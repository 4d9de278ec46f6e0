import type { Page, Request } from "playwright-core";
import { expect } from "vitest";

/**
 * The page's requests that `matches` picks are held in the browser until `release()`, then sent
 * as they were: their answers arrive really late, after whatever the test does meanwhile.
 */
export async function holdRequests(page: Page, matches: (url: URL) => boolean) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: Request[] = [];
  const statuses = new Map<Request, number>();
  const ended = new Set<Request>();
  page.on("response", (response) => statuses.set(response.request(), response.status()));
  page.on("requestfinished", (request) => ended.add(request));
  page.on("requestfailed", (request) => ended.add(request));
  await page.route(matches, async (route) => {
    held.push(route.request());
    await released;
    // The page may have given the request up meanwhile.
    await route.continue().catch(() => undefined);
  });
  return {
    held,
    release,
    /** Per held request: "open" until it ends, then its answer's status (undefined: ended without one). */
    outcomes: () => held.map((request) => (ended.has(request) ? statuses.get(request) : "open")),
  };
}

/** For `ms` from now, `probe` keeps answering `expected`: what a late answer must not change. */
export async function expectToStay<T>(page: Page, probe: () => Promise<T>, expected: T, ms = 2000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    expect(await probe()).toEqual(expected);
    await page.waitForTimeout(100);
  }
}
