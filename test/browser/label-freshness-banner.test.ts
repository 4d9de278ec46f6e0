import { createWarehouse, evaluateOutcomes, type Warehouse } from "@answerscope/warehouse";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventBuilder } from "../reference";
import { loadThroughSink } from "../src/load-through-sink";
import { stack } from "./support/api";
import { waitForView } from "./support/browser";
import { loggedIn, useBrowser, viewUrl } from "./support/session";

const browser = useBrowser();

/** The views whose figures come from outcome labels, which warn when the labels are stale. */
const LABEL_VIEWS = ["/effect", "/compare", "/feedback", "/agreement", "/attribution"];
const BANNER = '[data-state="labels-stale"]';

let warehouse: Warehouse;
const renameTable = (from: string, to: string) =>
  warehouse.client.command({ query: `RENAME TABLE ${warehouse.table(from)} TO ${warehouse.table(to)}` });

beforeAll(async () => {
  warehouse = createWarehouse({ url: stack().clickhouseUrl, database: stack().database });
  // One new answer of acme, long before the generated data (no view of the other tests shows it):
  // acme's labels are behind it, so the evaluator's next run for acme has work to do.
  await loadThroughSink(warehouse, [
    new EventBuilder("acme", "2020-01-01T10:00:00.000Z", "stale-").response("stale-r1", 0, { session_id: "stale-s1" }),
  ]);
  // demo is the tenant whose labels must stay fresh while acme's evaluator fails: earlier files of
  // this suite add demo facts (external outcomes, feedback), so its labels are brought up to date
  // here rather than assumed to be.
  await evaluateOutcomes(warehouse, { tenantId: "demo", settleMs: 0 });
});
afterAll(() => warehouse?.close());

async function bannerOn(page: Page, path: string, tenant: "acme" | "demo") {
  await page.goto(viewUrl(path, {}, tenant));
  await waitForView(page);
  return page.locator(BANNER);
}

describe("with the outcome evaluator failing for a tenant", () => {
  it("every view with label-based figures warns, with the evaluator's error; other tenants and views do not; it clears once a run succeeds", async () => {
    const { page, context } = await loggedIn(browser(), "acme");
    // The evaluator fails by real means: an index it reads (and the views of this test do not) is gone.
    await renameTable("responses_by_session", "responses_by_session_away");
    try {
      await expect(evaluateOutcomes(warehouse, { tenantId: "acme", settleMs: 0 })).rejects.toThrow(
        /responses_by_session/,
      );
      for (const path of LABEL_VIEWS) {
        const banner = await bannerOn(page, path, "acme");
        await banner.waitFor({ state: "visible", timeout: 15_000 });
        expect(await banner.count(), path).toBe(1);
        expect(await banner.getAttribute("data-stale-reason"), path).toBe("evaluator_failing");
        const text = await banner.innerText();
        expect(text, path).toContain("the outcome evaluator's last run failed");
        expect(text, path).toContain("responses_by_session");
        expect(await banner.getAttribute("role")).toBe("alert");
      }
      // A comparison over a range after acme's labels (from the next minute on) is unknown, not "insufficient".
      const from = Math.ceil(Date.now() / 60_000) * 60_000;
      const range = { from: new Date(from).toISOString(), to: new Date(from + 3_600_000).toISOString() };
      await page.goto(
        `/compare?${new URLSearchParams({ tenant: "acme", ...range, metric: "good_answer_rate", dimension: "model", a: "m1", b: "m2" }).toString()}`,
      );
      await waitForView(page);
      const verdict = page.locator('[data-verdict="labels_unavailable"]');
      await verdict.waitFor({ state: "visible", timeout: 15_000 });
      expect(await verdict.innerText()).toContain("the outcome evaluator is failing");
      expect(await page.locator('[data-kpi="compare-a"] [data-role="value"]').innerText()).toBe("—");
      expect(await (await bannerOn(page, "/rejected", "acme")).count(), "rejected events do not come from labels").toBe(
        0,
      );
      const demo = await loggedIn(browser(), "demo");
      const demoBanner = await bannerOn(demo.page, "/effect", "demo");
      const demoStale = (await demoBanner.count()) ? await demoBanner.getAttribute("data-stale-reason") : null;
      expect(demoStale, "demo's labels are fresh").toBeNull();
      await demo.context.close();
    } finally {
      await renameTable("responses_by_session_away", "responses_by_session");
    }

    const recovered = await evaluateOutcomes(warehouse, { tenantId: "acme", settleMs: 0 });
    expect(recovered.perTenant.map((run) => run.tenantId)).toEqual(["acme"]);
    for (const path of LABEL_VIEWS) expect(await (await bannerOn(page, path, "acme")).count(), path).toBe(0);
    await context.close();
  });
});
