import type { Page } from "playwright-core";
import { expect } from "vitest";
import { waitFor } from "@answerscope/test-kit";
import { remoteOutage } from "../../src/outage-control";
import { stack } from "./api";
import { waitForView } from "./browser";
import { viewUrl } from "./session";

/**
 * Runs `check` while the stack's ClickHouse is stopped (the query API answers 503), then starts it
 * again and waits until the API reads again, so the next test finds the stack whole.
 */
export async function whileClickHouseIsDown(check: () => Promise<void>): Promise<void> {
  const clickhouse = remoteOutage(stack().clickhouseOutageUrl);
  await clickhouse.stop();
  try {
    await check();
  } finally {
    await clickhouse.start();
    await waitFor(
      () => fetch(`${stack().apiUrl}/readyz`).then((response) => response.status),
      (status) => status === 200,
      { timeoutMs: 60_000, what: "the query API to read again" },
    );
  }
}

/** The view at `path` says the warehouse could not be read: the error state, never "no data" or a chart. */
export async function expectWarehouseUnavailable(page: Page, path: string): Promise<void> {
  await page.goto(viewUrl(path));
  await waitForView(page);
  const errors = page.locator('[data-state="error"][data-error-kind="unavailable"]');
  expect(await errors.count(), path).toBeGreaterThan(0);
  expect(await errors.first().innerText()).toContain("The warehouse could not be read");
  expect(await page.locator('[data-state="empty"]').count(), path).toBe(0);
  expect(await page.locator("svg.recharts-surface").count(), path).toBe(0);
}
