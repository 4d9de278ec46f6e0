import type { Page } from "playwright-core";
import type { ViewCase } from "./view-cases";

/**
 * Navigates `page` to `url` and waits until the view's figures are visible (view-cases.ts);
 * returns the time from navigation start (the document's `performance.timeOrigin`) to the first
 * animation frame that shows them. A panel that shows its error state fails at once with its text.
 */
export async function timeToFigures(page: Page, url: string, view: ViewCase, timeoutMs = 60_000): Promise<number> {
  await page.goto(url, { waitUntil: "commit" });
  const handle = await page
    .waitForFunction(
      ({ figures, charts }) => {
        const error = document.querySelector('[data-state="error"]');
        if (error) return { error: error.textContent ?? "error state" };
        if (document.querySelector('[data-state="loading"]')) return false;
        if (!figures.every((selector) => document.querySelector(selector))) return false;
        if (document.querySelectorAll("figure[data-chart] svg.recharts-surface").length < charts) return false;
        return { ms: performance.now() };
      },
      { figures: view.figures, charts: view.charts },
      { polling: "raf", timeout: timeoutMs },
    )
    .catch(async (error: unknown) => {
      throw new Error(`${view.name} (${url}): figures not visible: ${await whatIsMissing(page, view)}`, {
        cause: error,
      });
    });
  const result = (await handle.jsonValue()) as { ms: number } | { error: string };
  if ("error" in result) throw new Error(`${view.name} (${url}) shows an error: ${result.error}`);
  return result.ms;
}

/** Why a view's figures did not show: the selectors that match nothing, panels still loading, charts drawn. */
function whatIsMissing(page: Page, view: ViewCase): Promise<string> {
  return page
    .evaluate(
      ({ figures, charts }) =>
        JSON.stringify({
          missing: figures.filter((selector) => !document.querySelector(selector)),
          loading: document.querySelectorAll('[data-state="loading"]').length,
          charts: `${document.querySelectorAll("figure[data-chart] svg.recharts-surface").length} of ${charts}`,
        }),
      { figures: view.figures, charts: view.charts },
    )
    .catch((error: unknown) => `the page could not be read (${String(error)})`);
}
