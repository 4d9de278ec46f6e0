import { describe, expect, it } from "vitest";
import { stack } from "./support/api";
import { logIn, waitForView } from "./support/browser";
import { loggedIn, useBrowser } from "./support/session";

const browser = useBrowser();

describe("logging out of one tenant", () => {
  it("keeps the view, its range and grouping on the tenant left, and says so; the last one goes to the login page", async () => {
    const { page, context } = await loggedIn(browser());
    await logIn(page, "acme", stack().readKeys.acme);
    await page.goto("/diagnostics?tenant=acme&range=7d&slice=channel");
    await waitForView(page);

    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("tenant") === "demo"),
      page.locator("form.session button[type=submit]").click(),
    ]);
    const url = new URL(page.url());
    expect([url.pathname, url.searchParams.get("range"), url.searchParams.get("slice")]).toEqual([
      "/diagnostics",
      "7d",
      "channel",
    ]);
    expect(await page.locator('[data-role="tenant"]').innerText()).toBe("demo");
    const notice = page.locator('[data-role="logout-notice"]');
    expect(await notice.innerText()).toContain("Logged out of tenant acme. Now showing tenant demo");
    expect(await page.locator('.filter-bar select[name="tenant"] option').allInnerTexts()).toEqual(["demo"]);

    await Promise.all([
      page.waitForURL((next) => next.pathname === "/login"),
      page.locator("form.session button[type=submit]").click(),
    ]);
    expect(new URL(page.url()).searchParams.get("next")).toBe("/diagnostics?range=7d&slice=channel");
    expect(await page.locator('[data-role="logout-notice"]').innerText()).toContain(
      "Logged out of tenant demo. No tenant is logged in here any more.",
    );
    await context.close();
  });
});
