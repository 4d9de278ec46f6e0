import { describe, expect, it } from "vitest";
import { remoteOutage } from "../src/outage-control";
import { waitFor } from "@answerscope/test-kit";
import { stack } from "./support/api";
import { waitForView } from "./support/browser";
import { loggedIn, useBrowser, viewUrl } from "./support/session";

const browser = useBrowser();

describe("when ClickHouse is stopped", () => {
  it("every view says the warehouse could not be read, never 'no data', and recovers when it is back", async () => {
    const { page, context } = await loggedIn(browser());
    const clickhouse = remoteOutage(stack().clickhouseOutageUrl);
    await clickhouse.stop();
    try {
      for (const path of ["/effect", "/diagnostics", "/feedback", "/rejected", "/agreement"]) {
        await page.goto(viewUrl(path));
        await waitForView(page);
        const errors = page.locator('[data-state="error"][data-error-kind="unavailable"]');
        expect(await errors.count(), path).toBeGreaterThan(0);
        expect(await errors.first().innerText()).toContain("The warehouse could not be read");
        expect(await page.locator('[data-state="empty"]').count(), path).toBe(0);
        expect(await page.locator("svg.recharts-surface").count(), path).toBe(0);
      }
    } finally {
      await clickhouse.start();
      await waitFor(
        () => fetch(`${stack().apiUrl}/readyz`).then((response) => response.status),
        (status) => status === 200,
        { timeoutMs: 60_000, what: "the query API to read again" },
      );
    }
    await page.goto(viewUrl("/effect"));
    await waitForView(page, { charts: 2 });
    expect(await page.locator('[data-state="error"]').count()).toBe(0);
    await context.close();
  });
});
