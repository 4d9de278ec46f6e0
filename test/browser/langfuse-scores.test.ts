import {
  createWarehouse,
  langfuseApi,
  loadLangfuseConfig,
  queryRows,
  sqlValue,
  writeBackTenant,
  type LangfuseTenant,
  type Warehouse,
} from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResponseDetail } from "@answerscope/dashboard/api-types";
import { startFakeLangfuse, type FakeLangfuse } from "../src/fake-langfuse";
import { apiGet, stack } from "./support/api";
import { waitForView } from "./support/browser";
import { loggedIn, useBrowser, viewUrl } from "./support/session";
import { EDGE } from "./stack/test-data";

/**
 * The response detail lists the scores Answerscope wrote to Langfuse (issue 47, part 4): the real
 * write-back sends the stack's labels to the stand-in for Langfuse (test/src/fake-langfuse.ts),
 * then the page shows the scores of a response, as the query API answers them.
 */
const browser = useBrowser();
let warehouse: Warehouse;
let langfuse: FakeLangfuse;
let pass: (tenant: "demo" | "acme") => Promise<unknown>;

beforeAll(async () => {
  const keys = { publicKey: "pk-lf-browser", secretKey: "sk-lf-browser" };
  langfuse = await startFakeLangfuse(keys);
  warehouse = createWarehouse({ url: stack().clickhouseUrl, database: stack().database });
  const entry = (tenant_id: string) => ({
    tenant_id,
    base_url: langfuse.url,
    public_key: keys.publicKey,
    secret_key: keys.secretKey,
  });
  const config = loadLangfuseConfig({ LANGFUSE_TENANTS: JSON.stringify({ tenants: [entry("demo"), entry("acme")] }) });
  const byId = new Map<string, LangfuseTenant>(config.tenants.map((t) => [t.tenant_id, t]));
  pass = async (tenant) => {
    const client = langfuseApi(byId.get(tenant)!, { maxRetries: 0, timeoutSeconds: 10, concurrency: 4 });
    return writeBackTenant(warehouse, byId.get(tenant)!, client, { batchSize: 500, latencyTargetMs: 10_000 }).finally(
      () => client.close(),
    );
  };
  await pass("demo");
}, 120_000);
afterAll(async () => {
  await langfuse?.close();
  await warehouse?.close();
});

describe("scores in Langfuse on the response detail", () => {
  it("lists each score written for the response with its value, as the API answers", async () => {
    const detail = await apiGet<ResponseDetail>("demo", `/api/v1/responses/${EDGE.badResponseId}`);
    // A verdict (bad: rated down) with a trace: at least the five scores every verdict has.
    expect(detail.langfuse_scores.length).toBeGreaterThanOrEqual(5);
    expect(detail.langfuse_scores.map((s) => s.name).sort()).toEqual(
      [...langfuse.scores.values()]
        .filter((s) => s.traceId === EDGE.traceId)
        .map((s) => s.name)
        .sort(),
    );
    expect(detail.langfuse_scores.find((s) => s.name === "response_outcome_label")!.string_value).toBe(
      detail.outcome!.label,
    );

    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl(`/responses/${EDGE.badResponseId}`));
    await waitForView(page);
    const rows = page.locator('table[data-table="response-langfuse-scores"] tbody tr');
    expect(await rows.count()).toBe(detail.langfuse_scores.length);
    const shown = Object.fromEntries(
      await Promise.all(
        (await rows.all()).map(
          async (row) =>
            [
              await row.locator("td").nth(0).innerText(),
              await row.locator('[data-role="score-value"]').innerText(),
            ] as const,
        ),
      ),
    );
    expect(shown).toEqual(
      Object.fromEntries(detail.langfuse_scores.map((s) => [s.name, s.string_value ?? String(s.value)])),
    );
    // The write-back works: no warning.
    expect(await page.locator("#langfuse-writeback").count()).toBe(0);
    await context.close();
  });

  it("warns while the write-back to Langfuse fails, and not once it recovers", async () => {
    // acme's first pass (it has verdicts to send) meets a Langfuse answering 503.
    langfuse.failNext({ status: 503 });
    await expect(pass("acme")).rejects.toThrow(/HTTP 503/);
    expect(await apiGet("acme", "/api/v1/langfuse/writeback")).toMatchObject({
      enabled: true,
      failing: true,
      error: "Langfuse score write failed: HTTP 503",
    });
    const [traced] = await queryRows<{ response_id: string }>(
      warehouse,
      `SELECT response_id FROM ${warehouse.table("responses")} WHERE tenant_id = ${sqlValue("acme")} AND trace_id != '' ORDER BY response_id LIMIT 1`,
    );
    const { page, context } = await loggedIn(browser(), "acme");
    await page.goto(viewUrl(`/responses/${traced!.response_id}`, {}, "acme"));
    await waitForView(page);
    expect(await page.locator("#langfuse-writeback strong").innerText()).toBe(
      "Verdicts are not reaching Langfuse: the last write-back failed (Langfuse score write failed: HTTP 503).",
    );
    await pass("acme");
    await page.reload();
    await waitForView(page);
    expect(await page.locator("#langfuse-writeback").count()).toBe(0);
    await context.close();
  });

  it("a response without a trace says no scores were written", async () => {
    const { page, context } = await loggedIn(browser());
    await page.goto(viewUrl(`/responses/${EDGE.noTraceResponseId}`));
    await waitForView(page);
    expect(await page.locator('[data-panel="response-langfuse-scores"]').innerText()).toContain("No scores written");
    await context.close();
  });
});
