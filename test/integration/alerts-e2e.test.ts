import { createWebhookReceiver, listen, renderRuleFile, resolveRulesConfig, type WebhookAlert } from "@answerscope/alerts";
import { generateDemoEvents } from "@answerscope/demo";
import type { Warehouse } from "@answerscope/warehouse";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadThroughSink } from "../src/load-through-sink";
import { waitFor } from "../src/wait-for";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";
import { prometheusAlerts, prometheusQuery, startAlertingStack, startDashboardStandIn, startExporterProcess, type AlertingStack, type RunningProcess } from "./alerts-stack";
import { ratedAnswers } from "./alerts-traffic";

const TENANT = "e2e";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SLICES = [
  { model: "gpt-4o", provider: "openai", channel: "slack" },
  { model: "gpt-4o", provider: "openai", channel: "web" },
  { model: "claude-sonnet", provider: "anthropic", channel: "slack" },
  { model: "claude-sonnet", provider: "anthropic", channel: "web" },
];
const SPIKE = SLICES[0]!;
const ALERT = "AnswerscopeThumbsDownSpike";

/**
 * End to end on real processes: ClickHouse, the exporter process, Prometheus 2.42 scraping it
 * every second, Alertmanager delivering to a webhook receiver in this test. Only the dashboard
 * is a stand-in (see alerts-stack.ts). The rules are the production rules rendered from the same
 * definitions, with the thumbs-down rule's `for` shortened to 2 s.
 */
describe("thumbs-down spike, from the warehouse to the on-call webhook", () => {
  let warehouse: Warehouse;
  let database: string;
  let url: string;
  let exporter: RunningProcess | undefined;
  let stack: AlertingStack | undefined;
  let dashboard: Awaited<ReturnType<typeof startDashboardStandIn>> | undefined;
  let webhook: Server | undefined;
  const delivered: { at: number; alert: WebhookAlert }[] = [];

  beforeAll(async () => {
    ({ warehouse, database, url } = await createTestWarehouse("as_alerts_e2e"));
    const now = Date.now();
    // A day of realistic background traffic for the tenant (demo generator), then steady rated answers per slice:
    // a baseline over the previous day at 10 % thumbs-down and the last hour at the same rate.
    const demo = [...generateDemoEvents({ events: 3000, tenants: [TENANT], malformedShare: 0, time: { mode: "backfill", endMs: now - 5 * MINUTE, windowMs: 25 * HOUR } })].map((m) => JSON.parse(m.value) as object);
    const normal = SLICES.flatMap((slice) => [
      ...ratedAnswers({ ...slice, tenantId: TENANT, ratings: 100, down: 10, fromMs: now - 25 * HOUR + 10 * MINUTE, toMs: now - HOUR - 10 * MINUTE, runId: "baseline" }),
      ...ratedAnswers({ ...slice, tenantId: TENANT, ratings: 30, down: 3, fromMs: now - 55 * MINUTE, toMs: now - 5 * MINUTE, runId: "hour" }),
    ]);
    await loadThroughSink(warehouse, [...demo, ...normal]);

    dashboard = await startDashboardStandIn();
    webhook = createWebhookReceiver((payload) => delivered.push(...payload.alerts.map((alert) => ({ at: Date.now(), alert }))));
    const webhookPort = await listen(webhook, 0, "127.0.0.1");
    exporter = await startExporterProcess({ CLICKHOUSE_URL: url, CLICKHOUSE_DATABASE: database, EXPORTER_REFRESH_MS: "1000", EXPORTER_ARRIVAL_SETTLE: "1s" });
    const rules = renderRuleFile(resolveRulesConfig({ dashboardBaseUrl: dashboard.baseUrl, thumbsDownSpike: { for: "2s" } }));
    stack = await startAlertingStack({ exporterPort: exporter.port, ruleFile: rules, webhookUrl: `http://127.0.0.1:${webhookPort}/alerts` });
  });

  afterAll(async () => {
    await stack?.stop();
    await exporter?.stop();
    await dashboard?.stop();
    await new Promise((resolve) => (webhook ? webhook.close(resolve) : resolve(undefined)));
    if (warehouse) await dropTestWarehouse(warehouse);
  });

  it("stays silent on normal traffic, then fires for the spiking slice only and delivers a link that opens", async () => {
    const { prometheus } = stack!;
    // Normal traffic is scraped and evaluated...
    await waitFor(
      () => prometheusQuery(prometheus, `answerscope_thumbs_down_samples{tenant="${TENANT}",model="${SPIKE.model}",channel="${SPIKE.channel}",window="1h"}`),
      (result) => Number(result[0]?.value[1] ?? 0) >= 30,
      { timeoutMs: 30_000, what: "Prometheus to scrape the normal hour" },
    );
    await new Promise((resolve) => setTimeout(resolve, 4000)); // several more scrapes and evaluations
    // ...and nothing about thumbs-down is even pending.
    expect((await prometheusAlerts(prometheus)).filter((alert) => alert.labels.alertname === ALERT)).toEqual([]);

    // The spike: 40 answers of one model on one channel, all rated down in the last 3 minutes.
    const spikeStart = Date.now();
    await loadThroughSink(warehouse, ratedAnswers({ ...SPIKE, tenantId: TENANT, ratings: 40, down: 40, fromMs: spikeStart - 3 * MINUTE, toMs: spikeStart, runId: "spike" }));
    const stored = Date.now();

    const firing = await waitFor(
      async () => (await prometheusAlerts(prometheus)).filter((alert) => alert.labels.alertname === ALERT && alert.state === "firing"),
      (alerts) => alerts.length > 0,
      { timeoutMs: 60_000, intervalMs: 100, what: "the thumbs-down alert to fire" },
    );
    const firedAt = Date.now();
    await waitFor(async () => delivered.filter((d) => d.alert.labels.alertname === ALERT && d.alert.status === "firing"), (found) => found.length > 0, { timeoutMs: 30_000, intervalMs: 100, what: "the webhook to receive the alert" });
    const deliveredAt = delivered.find((d) => d.alert.labels.alertname === ALERT)!.at;
    console.log(`thumbs-down spike stored in ${stored - spikeStart} ms; alert firing in Prometheus ${firedAt - stored} ms after the spike was stored; delivered to the webhook ${deliveredAt - stored} ms after it (rule for: 2s, refresh/scrape/evaluation every 1 s)`);
    expect(firedAt - stored).toBeLessThan(30_000);

    // Only the spiking slice, in Prometheus and at the receiver (the 5m and 1h windows may both detect it).
    const slice = { tenant: TENANT, model: SPIKE.model, channel: SPIKE.channel };
    for (const alert of [...(await prometheusAlerts(prometheus)).filter((a) => a.labels.alertname === ALERT), ...firing]) expect(alert.labels).toMatchObject(slice);
    const received = delivered.filter((d) => d.alert.labels.alertname === ALERT).map((d) => d.alert);
    for (const alert of received) expect(alert.labels).toMatchObject({ ...slice, severity: "critical" });

    // The annotations rendered (no template errors), and the link opens the negative-feedback view of that slice and time.
    const alert = received[0]!;
    for (const text of Object.values(alert.annotations)) expect(text).not.toMatch(/error expanding template|<no value>/);
    expect(alert.annotations.summary).toContain(`${SPIKE.model} on ${SPIKE.channel}`);
    expect(alert.annotations.runbook?.length ?? 0).toBeGreaterThan(50);
    const link = new URL(alert.annotations.dashboard_url!);
    expect(link.pathname).toBe("/negative-feedback");
    expect(Object.fromEntries(link.searchParams)).toMatchObject(slice);
    const [from, to] = [Date.parse(link.searchParams.get("from")!), Date.parse(link.searchParams.get("to")!)];
    expect(from).toBeLessThan(spikeStart - 3 * MINUTE);
    expect(to).toBeGreaterThanOrEqual(Math.floor(spikeStart / MINUTE) * MINUTE);
    expect((await fetch(link)).status).toBe(200);
    expect(dashboard!.opened.at(-1)?.pathname).toBe("/negative-feedback");
  });
});
