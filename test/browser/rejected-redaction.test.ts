import { readFile } from "node:fs/promises";
import { makeResponseCompleted, makeToolCall, plantedSecretsText } from "@answerscope/contracts";
import { runPipeline } from "@answerscope/ingest";
import { createWarehouse, emptyFactBatch, rejectedRow, writeFacts, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leakedShapes } from "../src/secret-leaks";
import { stack } from "./support/api";
import { waitForView } from "./support/browser";
import { loggedIn, useBrowser } from "./support/session";

const browser = useBrowser();
const TENANT = "acme";
const SECRETS = plantedSecretsText();

/**
 * The Rejected events view and its CSV in Chromium show no planted secret: refused events of acme
 * carrying one credential of every shape run through the ingest pipeline (runPipeline, rejectedRow
 * and the sink, as the collector runs them) into the stack's warehouse, and the dashboard reads them
 * through the query API like any other.
 */
describe("rejected events view with planted secrets", () => {
  let warehouse: Warehouse;
  const receivedAtMs = Date.now();

  beforeAll(async () => {
    const { clickhouseUrl, database } = stack();
    warehouse = createWarehouse({ url: clickhouseUrl, database });
    const texts = [
      `{"event_id": "pl-json", "tenant_id": "${TENANT}", "note": ${JSON.stringify(SECRETS)}, oops`,
      JSON.stringify({
        ...makeToolCall({ tenant_id: TENANT, event_id: "pl-delta" }),
        status: "delta",
        error_message: SECRETS,
        arguments: { password: "plantedHunter2pw" },
      }),
      JSON.stringify({
        ...makeResponseCompleted({ tenant_id: TENANT, event_id: "pl-version", query_text: SECRETS }),
        schema_version: 9,
      }),
    ];
    const batch = emptyFactBatch();
    texts.forEach((text, index) => {
      const outcome = runPipeline(text, {
        source: "http",
        dedupKey: `planted-${receivedAtMs}-${index}`,
        receivedAtMs,
        keyTenant: TENANT,
      });
      if (outcome.kind !== "dead_letter") throw new Error(`planted event ${index} was accepted`);
      batch.rejected.push(rejectedRow({ ...outcome.rejection, tenantId: TENANT }));
    });
    await writeFacts(warehouse, batch);
  });

  afterAll(async () => {
    await warehouse?.close();
  });

  it("shows the refused events redacted on the page and in the CSV", async () => {
    const { page, context } = await loggedIn(browser(), TENANT);
    const range = new URLSearchParams({
      tenant: TENANT,
      from: new Date(receivedAtMs - 60_000).toISOString(),
      to: new Date(receivedAtMs + 60_000).toISOString(),
    });
    await page.goto(`/rejected?${range.toString()}`);
    await waitForView(page);
    const rows = page.locator('table[data-table="rejected-events"] tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    const shown = await page.locator("main").innerText();
    expect(shown).toContain("pl-delta");
    expect(shown).toContain("[REDACTED]");
    expect(leakedShapes(shown)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.click('button[data-csv="rejected-events"]'),
    ]);
    const csv = await readFile(await download.path(), "utf8");
    expect(csv).toContain("pl-version");
    expect(csv).toContain("[REDACTED]");
    expect(leakedShapes(csv)).toEqual([]);
    await context.close();
  });
});
