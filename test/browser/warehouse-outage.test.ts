import { describe, expect, it } from "vitest";
import { expectWarehouseUnavailable, whileClickHouseIsDown } from "./support/outage";
import { waitForView } from "./support/browser";
import { loggedIn, useBrowser, viewUrl } from "./support/session";

const browser = useBrowser();

describe("when ClickHouse is stopped", () => {
  it("every view says the warehouse could not be read, never 'no data', and recovers when it is back", async () => {
    const { page, context } = await loggedIn(browser());
    await whileClickHouseIsDown(async () => {
      for (const path of ["/effect", "/diagnostics", "/feedback", "/rejected", "/agreement"])
        await expectWarehouseUnavailable(page, path);
    });
    await page.goto(viewUrl("/effect"));
    await waitForView(page, { charts: 2 });
    expect(await page.locator('[data-state="error"]').count()).toBe(0);
    await context.close();
  });
});
