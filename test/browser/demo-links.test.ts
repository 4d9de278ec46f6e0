import { demoTraceUrlTemplate, generateDemoEvents, parseCliConfig, scenarioOf } from "@answerscope/demo";
import { createWarehouse, evaluateOutcomes, migrate, type Warehouse } from "@answerscope/warehouse";
import { randomBytes } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LabelAgreementResult, SamplesResult } from "@answerscope/dashboard/api-types";
import { formatCount, formatRate } from "@answerscope/dashboard/format";
import { serviceNodeArgs } from "../../scripts/build-services";
import { loadThroughSink } from "../src/load-through-sink";
import { answers, startChildService, startDashboard, type ChildService, freePort } from "@answerscope/test-kit";
import { stack } from "./support/api";
import { launchBrowser, logIn, newContext, waitForView } from "./support/browser";
import { kpiN, kpiValue } from "./support/session";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * What `npm start` shows, on the browser suite's ClickHouse: the demo's own traffic (its CLI's
 * configuration, as scripts/start.sh runs it, fewer events), the query API with the demo's trace
 * link template, and the built dashboard that template points at; each its own process.
 */
let warehouse: Warehouse;
let services: ChildService[] = [];
let browser: Browser;
let dashboardUrl: string;
let apiUrl: string;
let range: { from: string; to: string };
const readKey = randomBytes(18).toString("base64url");

async function apiGet<T>(path: string, params: Record<string, string>): Promise<T> {
  const response = await fetch(`${apiUrl}${path}?${new URLSearchParams(params).toString()}`, {
    headers: { authorization: `Bearer ${readKey}` },
  });
  if (!response.ok) throw new Error(`API ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  const { clickhouseUrl } = stack();
  const database = `browser_demo_${randomBytes(4).toString("hex")}`;
  warehouse = createWarehouse({ url: clickhouseUrl, database });
  await migrate(warehouse);
  // The demo CLI's own defaults (vikingbot share, malformed share, window), as start.sh passes them.
  const config = parseCliConfig(
    [
      "--collector",
      "http://127.0.0.1:4318",
      "--key",
      "demo=ingest-demo",
      "--key",
      "acme=ingest-acme",
      "--events",
      "4000",
    ],
    {},
  )!;
  const nowMs = Date.now();
  const events = [...generateDemoEvents(scenarioOf(config), nowMs)]
    .filter((message) => !message.malformed)
    .map((message) => JSON.parse(message.value) as object);
  await loadThroughSink(warehouse, events, 1000);
  await evaluateOutcomes(warehouse, { settleMs: 0 });
  range = { from: new Date(nowMs - 25 * 3600_000).toISOString(), to: new Date(nowMs + 3600_000).toISOString() };

  const [apiPort, dashboardPort] = [await freePort(), await freePort()];
  apiUrl = `http://127.0.0.1:${apiPort}`;
  dashboardUrl = `http://127.0.0.1:${dashboardPort}`;
  services.push(
    await startChildService({
      name: "query API (demo config)",
      command: process.execPath,
      args: serviceNodeArgs("api/src/main.ts"),
      cwd: ROOT,
      env: {
        CLICKHOUSE_URL: clickhouseUrl,
        CLICKHOUSE_DATABASE: database,
        HOST: "127.0.0.1",
        PORT: String(apiPort),
        ANSWERSCOPE_KEYS: `read:demo:${readKey}`,
        ANSWERSCOPE_KEYS_FILE: "",
        TRACE_URL_TEMPLATE: demoTraceUrlTemplate(dashboardUrl),
      },
      ready: () => answers(`${apiUrl}/healthz`),
    }),
  );
  services.push(await startDashboard("dashboard (demo config)", apiUrl, dashboardPort));
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  for (const service of services.reverse()) await service.stop();
  services = [];
  if (warehouse) {
    await warehouse.client
      .command({ query: `DROP DATABASE IF EXISTS ${warehouse.target.database}` })
      .catch(() => undefined);
    await warehouse.close();
  }
});

async function demoPage() {
  const context = await newContext(browser, dashboardUrl);
  const page = await context.newPage();
  await logIn(page, "demo", readKey);
  return { context, page };
}

describe("npm start's demo shows every view", () => {
  it("gives its answers trace links that open a page of the dashboard: the answer's own detail", async () => {
    const { samples } = await apiGet<SamplesResult>("/api/v1/samples", { ...range, limit: "50" });
    const traced = samples.filter((sample) => sample.trace_url !== null);
    expect(traced.length).toBeGreaterThan(10);
    // About 30 % of the answers send no trace id: those say so instead of linking.
    expect(samples.some((sample) => sample.trace_url === null)).toBe(true);
    const { context, page } = await demoPage();
    for (const sample of traced.slice(0, 3)) {
      expect(sample.trace_url!.startsWith(`${dashboardUrl}/`)).toBe(true);
      const response = await page.goto(sample.trace_url!);
      expect(response?.status(), sample.trace_url!).toBe(200);
      await waitForView(page);
      // The page is that answer's detail, and its trace link is the link that led here.
      expect(new URL(page.url()).pathname).toBe(`/responses/${sample.response_id}`);
      expect(await page.locator('[data-role="trace-link"]').getAttribute("href")).toBe(sample.trace_url);
      expect(await page.locator("body").innerText()).not.toContain("TRACE_URL_TEMPLATE");
    }
    await context.close();
  });

  it("sends vikingbot's labels, so the Label agreement view shows figures", async () => {
    const agreement = await apiGet<LabelAgreementResult>("/api/v1/label-agreement", { ...range, source: "vikingbot" });
    expect(agreement.compared).toBeGreaterThan(100);
    expect(agreement.agreement_rate).not.toBeNull();
    const { context, page } = await demoPage();
    await page.goto(`/agreement?${new URLSearchParams({ tenant: "demo", ...range }).toString()}`);
    await waitForView(page);
    expect(await kpiValue(page, "agreement_rate")).toBe(formatRate(agreement.agreement_rate));
    expect(await kpiN(page, "agreement_rate")).toContain(`n = ${formatCount(agreement.compared)}`);
    expect(await page.locator('table[data-table="agreement-matrix"] [data-role="matrix-cell"]').count()).toBe(
      agreement.cells.length,
    );
    expect(agreement.cells.length).toBeGreaterThan(5);
    await context.close();
  });
});
