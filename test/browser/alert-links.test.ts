import {
  createWebhookReceiver,
  durationSeconds,
  renderRuleFile,
  resolveRulesConfig,
  type WebhookAlert,
} from "@answerscope/alerts";
import { listen } from "@answerscope/runtime";
import { generateDemoEvents } from "@answerscope/demo";
import { createWarehouse, type Warehouse } from "@answerscope/warehouse";
import type { Server } from "node:http";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGACY_PATHS, PARAMS, VIEWS } from "@answerscope/dashboard/routes";
import { loadThroughSink } from "../src/load-through-sink";
import {
  waitFor,
  prometheusAlerts,
  prometheusQuery,
  startAlertingStack,
  startExporterProcess,
  type AlertingStack,
} from "@answerscope/test-kit";
import { stack } from "./support/api";
import { newContext, waitForView } from "./support/browser";
import { loggedIn, useBrowser } from "./support/session";
import { ratedAnswers } from "./stack/rated-answers";

const TENANT = "oncall";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SLICES = [
  { model: "gpt-4o", provider: "openai", channel: "slack" },
  { model: "gpt-4o", provider: "openai", channel: "web" },
  { model: "claude-sonnet", provider: "anthropic", channel: "slack" },
  { model: "claude-sonnet", provider: "anthropic", channel: "web" },
];
const SPIKE = SLICES[0]!;
const OTHER_SLICE = SLICES[3]!;
const SPIKE_ANSWERS = 40;
const ALERT = "AnswerscopeThumbsDownSpike";
const RULES = resolveRulesConfig({ thumbsDownSpike: { for: "2s" } });

const browser = useBrowser();

/** What a view shows of its question: where, whose, which filters, which time, and the down-rated samples listed. */
async function shownView(page: Page) {
  await waitForView(page);
  const rangeInput = (name: string) => page.locator(`.filter-bar input[name="${name}"]`).inputValue();
  return {
    path: new URL(page.url()).pathname,
    tenant: (await page.locator('[data-role="tenant"]').innerText()).trim(),
    filters: (
      await page
        .locator(".filter-bar [data-filter]")
        .evaluateAll((chips) => chips.map((chip) => chip.getAttribute("data-filter")))
    ).sort(),
    range: await page.locator('.filter-bar select[name="range"]').inputValue(),
    from: await rangeInput("from"),
    to: await rangeInput("to"),
    downRated: await page.locator('table[data-table="samples-down"] a[data-role="sample-link"]').allInnerTexts(),
  };
}

/**
 * End to end on real processes: the browser stack's ClickHouse, query API and built dashboard
 * (start-stack.ts), the exporter process, Prometheus 2.42 scraping it every second, Alertmanager
 * delivering to a webhook receiver in this test, and Chromium following the delivered link. The
 * rules are the production rules rendered from the same definitions, with the thumbs-down rule's
 * `for` shortened to 2 s and the links pointing at the stack's dashboard. Tenant `oncall` has its
 * own traffic, so the other files' views of demo and acme stay as generated.
 */
describe("thumbs-down spike, from the warehouse to the on-call webhook and the dashboard", () => {
  let warehouse: Warehouse;
  let exporter: Awaited<ReturnType<typeof startExporterProcess>> | undefined;
  let alerting: AlertingStack | undefined;
  let webhook: Server | undefined;
  const delivered: { at: number; alert: WebhookAlert }[] = [];

  beforeAll(async () => {
    const { clickhouseUrl, database, dashboardUrl } = stack();
    warehouse = createWarehouse({ url: clickhouseUrl, database });
    const now = Date.now();
    // A day of realistic background traffic for the tenant (demo generator), then steady rated answers per slice:
    // a baseline over the previous day at 10 % thumbs-down and the last hour at the same rate.
    const demo = [
      ...generateDemoEvents({
        events: 3000,
        tenants: [TENANT],
        malformedShare: 0,
        time: { mode: "backfill", endMs: now - 5 * MINUTE, windowMs: 25 * HOUR },
      }),
    ].map((m) => JSON.parse(m.value) as object);
    const normal = SLICES.flatMap((slice) => [
      ...ratedAnswers({
        ...slice,
        tenantId: TENANT,
        ratings: 100,
        down: 10,
        fromMs: now - 25 * HOUR + 10 * MINUTE,
        toMs: now - HOUR - 10 * MINUTE,
        runId: "baseline",
      }),
      ...ratedAnswers({
        ...slice,
        tenantId: TENANT,
        ratings: 30,
        down: 3,
        fromMs: now - 55 * MINUTE,
        toMs: now - 5 * MINUTE,
        runId: "hour",
      }),
    ]);
    await loadThroughSink(warehouse, [...demo, ...normal]);

    webhook = createWebhookReceiver((payload) =>
      delivered.push(...payload.alerts.map((alert) => ({ at: Date.now(), alert }))),
    );
    const webhookPort = await listen(webhook, 0, "127.0.0.1");
    exporter = await startExporterProcess({
      CLICKHOUSE_URL: clickhouseUrl,
      CLICKHOUSE_DATABASE: database,
      EXPORTER_REFRESH_MS: "1000",
      EXPORTER_ARRIVAL_SETTLE: "1s",
    });
    const rules = renderRuleFile({ ...RULES, dashboardBaseUrl: dashboardUrl });
    alerting = await startAlertingStack({
      exporterPort: exporter.port,
      ruleFile: rules,
      webhookUrl: `http://127.0.0.1:${webhookPort}/alerts`,
    });
  });

  afterAll(async () => {
    await alerting?.stop();
    await exporter?.stop();
    await new Promise((resolve) => (webhook ? webhook.close(resolve) : resolve(undefined)));
    await warehouse?.close();
  });

  it("stays silent on normal traffic, then fires for the spiking slice only, and its link shows that slice's down-rated answers", async () => {
    const { prometheusUrl } = alerting!;
    const ours = <A extends { labels: Record<string, string> }>(alerts: A[]) =>
      alerts.filter((alert) => alert.labels.alertname === ALERT && alert.labels.tenant === TENANT);
    // Normal traffic is scraped and evaluated, three times over...
    await waitFor(
      () =>
        prometheusQuery(
          prometheusUrl,
          `answerscope_thumbs_down_samples{tenant="${TENANT}",model="${SPIKE.model}",channel="${SPIKE.channel}",window="1h"}`,
        ),
      (result) => Number(result[0]?.value[1] ?? 0) >= 30,
      { timeoutMs: 30_000, what: "Prometheus to scrape the normal hour" },
    );
    const scrapedAt = Date.now();
    await waitFor(
      async () =>
        (
          (await (await fetch(`${prometheusUrl}/api/v1/rules`)).json()) as {
            data: { groups: { lastEvaluation: string }[] };
          }
        ).data.groups,
      (groups) => groups.length > 0 && groups.every((group) => Date.parse(group.lastEvaluation) > scrapedAt + 3000),
      { timeoutMs: 30_000, what: "three more rule evaluations" },
    );
    // ...and nothing about thumbs-down is even pending for the tenant.
    expect(ours(await prometheusAlerts(prometheusUrl))).toEqual([]);

    // The spike: 40 answers of one model on one channel, all rated down within 3 minutes; then a
    // few down-rated answers of another slice, newer still and too few to alert, which the
    // spike's link must not list (the view's samples follow its filters).
    const now = Date.now();
    const spikeFrom = now - 4 * MINUTE;
    await loadThroughSink(warehouse, [
      ...ratedAnswers({
        ...SPIKE,
        tenantId: TENANT,
        ratings: SPIKE_ANSWERS,
        down: SPIKE_ANSWERS,
        fromMs: spikeFrom,
        toMs: now - MINUTE,
        runId: "spike",
      }),
      ...ratedAnswers({
        ...OTHER_SLICE,
        tenantId: TENANT,
        ratings: 3,
        down: 3,
        fromMs: now - MINUTE,
        toMs: now,
        runId: "newer",
      }),
    ]);
    const stored = Date.now();

    const firing = await waitFor(
      async () => ours(await prometheusAlerts(prometheusUrl)).filter((alert) => alert.state === "firing"),
      (alerts) => alerts.length > 0,
      { timeoutMs: 60_000, intervalMs: 100, what: "the thumbs-down alert to fire" },
    );
    const firedAt = Date.now();
    const received = await waitFor(
      async () => ours(delivered.map((d) => d.alert)).filter((alert) => alert.status === "firing"),
      (found) => found.length > 0,
      {
        timeoutMs: 30_000,
        intervalMs: 100,
        what: "the webhook to receive the alert",
      },
    );
    const deliveredAt = delivered.find((d) => ours([d.alert]).length > 0)!.at;
    console.log(
      `thumbs-down spike stored in ${stored - now} ms; alert firing in Prometheus ${firedAt - stored} ms after the spike was stored; delivered to the webhook ${deliveredAt - stored} ms after it (rule for: 2s, refresh/scrape/evaluation every 1 s)`,
    );
    expect(firedAt - stored).toBeLessThan(30_000);

    // Only the spiking slice, in Prometheus and at the receiver (the 5m and 1h windows may both detect it).
    const slice = { tenant: TENANT, model: SPIKE.model, channel: SPIKE.channel };
    for (const alert of [...ours(await prometheusAlerts(prometheusUrl)), ...firing])
      expect(alert.labels).toMatchObject(slice);
    for (const alert of received) expect(alert.labels).toMatchObject({ ...slice, severity: "critical" });

    // The annotations rendered (no template errors); the link names the slice and the alert's window.
    const alert = received[0]!;
    for (const text of Object.values(alert.annotations))
      expect(text).not.toMatch(/error expanding template|<no value>/);
    expect(alert.annotations.summary).toContain(`${SPIKE.model} on ${SPIKE.channel}`);
    expect(alert.annotations.runbook?.length ?? 0).toBeGreaterThan(50);
    const link = new URL(alert.annotations.dashboard_url!);
    const [from, to] = [Date.parse(link.searchParams.get(PARAMS.from)!), Date.parse(link.searchParams.get(PARAMS.to)!)];
    const shownMs = (durationSeconds(alert.labels.window!) + durationSeconds(RULES.dashboardLead)) * 1000;
    expect(to - from).toBeGreaterThanOrEqual(shownMs);
    expect(to - from).toBeLessThanOrEqual(shownMs + 2 * MINUTE);
    expect(from).toBeLessThan(spikeFrom);
    expect(to).toBeGreaterThanOrEqual(Math.floor(stored / MINUTE) * MINUTE);

    // The on-call engineer follows it on the real dashboard: not logged in yet, so the login page
    // first, which comes back to the link.
    const context = await newContext(browser(), stack().dashboardUrl);
    const page = await context.newPage();
    const opened = await page.goto(link.href);
    expect(opened?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.fill('input[name="tenant"]', TENANT);
    await page.fill('input[name="key"]', stack().readKeys[TENANT]);
    await Promise.all([
      page.waitForURL((url) => url.pathname === VIEWS.feedback.path),
      page.click('button[type="submit"]'),
    ]);

    // The feedback view of that slice and window, listing the spike's answers, newest first.
    const spikeNewestFirst = Array.from(
      { length: SPIKE_ANSWERS },
      (_, i) => `response-spike-${SPIKE.model}-${SPIKE.channel}-${SPIKE_ANSWERS - 1 - i}`,
    );
    const shown = await shownView(page);
    expect(shown).toMatchObject({
      path: VIEWS.feedback.path,
      tenant: TENANT,
      filters: [`channel=${SPIKE.channel}`, `model=${SPIKE.model}`],
      range: "custom",
      from: link.searchParams.get(PARAMS.from)!.slice(0, 16),
      to: link.searchParams.get(PARAMS.to)!.slice(0, 16),
    });
    // At least as many as the alert needed to fire (the page holds fewer than the 40 spike answers).
    expect(shown.downRated.length).toBeGreaterThanOrEqual(RULES.thumbsDownSpike.minSamples);
    expect(shown.downRated).toEqual(spikeNewestFirst.slice(0, shown.downRated.length));

    // A link sent before the view moved to /feedback lands on the same view.
    const [oldPath] = Object.keys(LEGACY_PATHS).filter((path) => LEGACY_PATHS[path] === VIEWS.feedback.path);
    const old = await page.goto(`${oldPath}${link.search}`);
    expect(old?.status()).toBe(200);
    expect(await shownView(page)).toEqual(shown);
    await context.close();
  });

  it("every view the dashboard declares is a page, and a renamed parameter still filters", async () => {
    const { page, context } = await loggedIn(browser(), TENANT);
    for (const view of Object.values(VIEWS)) {
      const response = await page.goto(`${view.path}?${PARAMS.tenant}=${TENANT}`);
      expect(response?.status(), view.path).toBe(200);
      // Its own page, not a redirect elsewhere: the declared path is the page's route.
      expect(new URL(page.url()).pathname).toBe(view.path);
      expect(await page.locator("h1").first().innerText(), view.path).not.toBe("Not found");
    }
    // A tool alert's link sent with tool_name= (before the rule named the dashboard's `tool`).
    await page.goto(`${VIEWS.diagnostics.path}?${PARAMS.tenant}=${TENANT}&tool_name=web_search`);
    expect(new URL(page.url()).searchParams.getAll(PARAMS.tools)).toEqual(["web_search"]);
    await expect(page.locator(`[data-filter="${PARAMS.tools}=web_search"]`).count()).resolves.toBe(1);
    await context.close();
  });
});
