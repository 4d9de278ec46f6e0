import type { Browser, BrowserContext, Page } from "playwright-core";
import { stack } from "./api";
import { newContext, waitForView, type Screen, SCREENS } from "./browser";
import { afterAll } from "vitest";
import { loggedIn, viewUrl } from "./session";
import { EDGE } from "../stack/test-data";

/** A page of the dashboard as a reader reaches it: its address, and how many charts it draws before it is ready. */
export interface ViewCase {
  /** Also the screenshot's name: docs/screenshots/<name>-<screen>.png. */
  name: string;
  url: () => string;
  charts: number;
  /** The login page is what a reader without a session sees. */
  loggedOut?: boolean;
}

/** Every view of the dashboard, over the whole test data. */
export const EVERY_VIEW: readonly ViewCase[] = [
  { name: "effect", url: () => viewUrl("/effect"), charts: 2 },
  { name: "diagnostics", url: () => viewUrl("/diagnostics"), charts: 7 },
  { name: "negative-feedback", url: () => viewUrl("/feedback"), charts: 1 },
  {
    name: "compare",
    url: () => viewUrl("/compare", { metric: "good_answer_rate", dimension: "prompt_version", a: "v1", b: "v2" }),
    charts: 1,
  },
  { name: "attribution", url: () => viewUrl("/attribution"), charts: 2 },
  { name: "label-agreement", url: () => viewUrl("/agreement"), charts: 0 },
  { name: "rejected-events", url: () => viewUrl("/rejected"), charts: 1 },
  { name: "response-detail", url: () => viewUrl(`/responses/${EDGE.badResponseId}`), charts: 0 },
  { name: "login", url: () => "/login?tenant=demo", charts: 0, loggedOut: true },
];

/** Every view at every screen size, for `it.each`. */
export const EVERY_VIEW_ON_EVERY_SCREEN = (Object.keys(SCREENS) as Screen[]).flatMap((screen) =>
  EVERY_VIEW.map((view) => ({
    screen,
    view,
    title: `${view.name} at ${SCREENS[screen].width}x${SCREENS[screen].height}`,
  })),
);

/**
 * Opens views at a screen size: one logged-in and one logged-out profile per screen for the whole
 * file (a login per view would double the suite's time), a new page per view, closed by the caller.
 */
export function useViewPages(browser: () => Browser): (view: ViewCase, screen: Screen) => Promise<Page> {
  const contexts = new Map<string, Promise<BrowserContext>>();
  afterAll(async () => {
    for (const context of contexts.values()) await (await context).close();
  });
  const contextFor = (screen: Screen, loggedOut: boolean) => {
    const key = `${screen}:${loggedOut}`;
    if (!contexts.has(key)) {
      const viewport = SCREENS[screen];
      contexts.set(
        key,
        loggedOut
          ? newContext(browser(), stack().dashboardUrl, viewport)
          : loggedIn(browser(), "demo", viewport).then(({ context, page }) => page.close().then(() => context)),
      );
    }
    return contexts.get(key)!;
  };
  return async (view, screen) => {
    const page = await (await contextFor(screen, view.loggedOut ?? false)).newPage();
    await page.goto(view.url());
    await waitForView(page, { charts: view.charts });
    return page;
  };
}
