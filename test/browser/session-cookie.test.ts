import { describe, expect, it } from "vitest";
import { stack } from "./support/api";
import { newContext, waitForView } from "./support/browser";
import { dataRange } from "./support/api";
import { loggedIn, useBrowser } from "./support/session";

const browser = useBrowser();

/** The forms a key could take in a cookie: as typed, base64, base64url, percent-encoded, and the pre-session cookie's encoding. */
function encodingsOf(tenant: string, key: string): string[] {
  const legacy = Buffer.from(JSON.stringify({ [tenant]: key }), "utf8");
  return [
    key,
    Buffer.from(key).toString("base64"),
    Buffer.from(key).toString("base64url"),
    encodeURIComponent(key),
    legacy.toString("base64url"),
    legacy.toString("base64"),
  ];
}

describe("the dashboard's session cookie", () => {
  it("is sealed, httpOnly, and holds the read key in no encoding", async () => {
    const { page, context } = await loggedIn(browser(), "acme");
    await page.goto(`/effect?${new URLSearchParams({ tenant: "acme", ...dataRange() }).toString()}`);
    await waitForView(page);
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === "answerscope_session");
    expect(session?.httpOnly).toBe(true);
    // iron-session's seal: Fe26.2*...
    expect(session?.value).toMatch(/^Fe26\.2\*/);
    for (const cookie of cookies)
      for (const encoded of encodingsOf("acme", stack().readKeys.acme)) expect(cookie.value).not.toContain(encoded);
    expect(cookies.map((cookie) => cookie.name)).not.toContain("answerscope_read_keys");
    await context.close();
  });

  it("copied before logout, is refused after it", async () => {
    const { page, context } = await loggedIn(browser(), "acme");
    const copied = await context.cookies();
    const thief = await newContext(browser(), stack().dashboardUrl);
    await thief.addCookies(copied);
    const dimensionValues = `/data/dimension-values?${new URLSearchParams({ tenant: "acme", dimension: "channel", ...dataRange() }).toString()}`;
    // The copy works while the session is open: the refusal below is the logout's doing.
    expect((await thief.request.get(dimensionValues)).status()).toBe(200);

    await page.goto(`/effect?${new URLSearchParams({ tenant: "acme", ...dataRange() }).toString()}`);
    await waitForView(page);
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/login"),
      page.locator("form.session button[type=submit]").click(),
    ]);

    expect((await thief.request.get(dimensionValues)).status()).toBe(401);
    const view = await thief.newPage();
    await view.goto(`/effect?${new URLSearchParams({ tenant: "acme", ...dataRange() }).toString()}`);
    await waitForView(view);
    expect(await view.locator('[data-state="error"]').first().getAttribute("data-error-kind")).toBe("unauthenticated");
    await thief.close();
    await context.close();
  });
});
