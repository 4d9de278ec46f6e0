import { randomBytes } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { queryRows, sqlValue, type Warehouse } from "@answerscope/warehouse";
import { ensureDashboardBuild, freePort, startApiProcess, startDashboard } from "@answerscope/test-kit";
import { launchChromium, logInToDashboard } from "@answerscope/test-kit/chromium";
import { progress } from "../progress";
import { median, round, timingOf, type Timing } from "../stats";
import { timeToFigures } from "./figures-visible";
import { startRequestLog, type LoggedRequest } from "./request-log";
import { VIEW_CASES, type ViewCase } from "./view-cases";
import { rangeParams, VIEW_RANGES, type ViewRange } from "./view-ranges";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../../..");

export interface ViewTiming {
  view: string;
  range: ViewRange["name"];
  /** Navigation start to figures visible (view-cases.ts), over `runs` page loads after one warm-up. */
  timing: Timing;
  goal_ms: number;
  goal_met: boolean;
  /** The API request each load waited on longest (request-log.ts): the route most often slowest, and its median time then. */
  waits_on: { route: string; p50_ms: number; api_requests: number };
}

export interface ViewsReport {
  tenant: string;
  /** The tenant's responses in the data set (the goal is stated at 10 M over every tenant). */
  tenant_responses: number;
  runs: number;
  views: ViewTiming[];
}

/** What the smoke test checks on each view once its figures are visible (its numbers against the API's). */
export type FiguresCheck = (
  page: Page,
  visit: { view: ViewCase; range: { from: string; to: string }; apiUrl: string; readKey: string; responseId: string },
) => Promise<void>;

async function newestResponse(w: Warehouse, tenant: string, range: { from: string; to: string }): Promise<string> {
  const [row] = await queryRows<{ response_id: string }>(
    w,
    `SELECT response_id FROM ${w.table("responses")} WHERE tenant_id = ${sqlValue(tenant)} AND occurred_at_ms >= ${sqlValue(Date.parse(range.from))} AND occurred_at_ms < ${sqlValue(Date.parse(range.to))} ORDER BY occurred_at_ms DESC LIMIT 1`,
  );
  if (!row) throw new Error(`no response of ${tenant} between ${range.from} and ${range.to}: is the data set loaded?`);
  return row.response_id;
}

/** The route most often the slowest of a load (a response's id as `{id}`), its median time then, and requests per load. */
function waitsOn(loads: { slowest: LoggedRequest; requests: number }[]): ViewTiming["waits_on"] {
  const route = (path: string) => path.replace(/^\/api\/v1\/responses\/[^/]+/, "/api/v1/responses/{id}");
  const times = new Map<string, number[]>();
  for (const { slowest } of loads)
    times.set(route(slowest.path), [...(times.get(route(slowest.path)) ?? []), slowest.ms]);
  const [top, ms] = [...times.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? ["none", []];
  return { route: top, p50_ms: round(median(ms)), api_requests: median(loads.map((load) => load.requests)) };
}

/**
 * What a person waits for: the real query API and the dashboard's production build, each its own
 * process on the data set in `w`, and real Chromium logged in to `tenant`, which opens every view
 * for each range (ending at `endMs`) `runs` times after one warm-up, interleaved (every view of a
 * range, then the next range, run after run) so the machine's drift is shared, each load a new page.
 */
export async function measureViewTimes(
  w: Warehouse,
  url: string,
  options: { tenant: string; endMs: number; runs: number; check?: FiguresCheck },
): Promise<ViewsReport> {
  const { tenant, endMs, runs } = options;
  const [count] = await queryRows<{ n: number }>(
    w,
    `SELECT count() AS n FROM ${w.table("responses")} WHERE tenant_id = ${sqlValue(tenant)}`,
  );
  const ranges = await Promise.all(
    VIEW_RANGES.map(async (range) => {
      const params = rangeParams(range, endMs);
      return { range, params, responseId: await newestResponse(w, tenant, params) };
    }),
  );
  await ensureDashboardBuild(join(ROOT, "dashboard"));
  const readKey = randomBytes(18).toString("base64url");
  const api = await startApiProcess({
    CLICKHOUSE_URL: url,
    CLICKHOUSE_DATABASE: w.target.database,
    HOST: "127.0.0.1",
    PORT: "0",
    ANSWERSCOPE_KEYS: `read:${tenant}:${readKey}`,
    ANSWERSCOPE_KEYS_FILE: "",
  });
  const apiUrl = `http://127.0.0.1:${api.port}`;
  const requests = await startRequestLog(apiUrl);
  const dashboardPort = await freePort();
  const dashboard = await startDashboard("dashboard", requests.url, dashboardPort).catch(async (error: unknown) => {
    await requests.close();
    await api.stop();
    throw error;
  });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({
      baseURL: `http://127.0.0.1:${dashboardPort}`,
      viewport: { width: 1280, height: 900 },
    });
    const login = await context.newPage();
    await logInToDashboard(login, tenant, readKey, "/rejected");
    await login.close();
    const samples = new Map<string, { ms: number; slowest: LoggedRequest; requests: number }[]>();
    for (let run = 0; run <= runs; run++) {
      for (const { range, params, responseId } of ranges) {
        for (const view of VIEW_CASES) {
          const page = await context.newPage();
          const path = view.path(params, responseId);
          requests.take();
          const ms = await timeToFigures(page, path, view);
          const answered = requests.take();
          // Run 0 is the warm-up (the API's and the dashboard's first requests, ClickHouse's caches).
          if (run === 0) await options.check?.(page, { view, range: params, apiUrl, readKey, responseId });
          else {
            const slowest = answered.reduce((a, b) => (b.ms > a.ms ? b : a), { path: "none", ms: 0 });
            const key = `${view.name}|${range.name}`;
            samples.set(key, [...(samples.get(key) ?? []), { ms, slowest, requests: answered.length }]);
          }
          await page.close();
        }
      }
      if (run > 0) progress(`  views: run ${run}/${runs}`);
    }
    await context.close();
    const views = ranges.flatMap(({ range }) =>
      VIEW_CASES.map((view): ViewTiming => {
        const loads = samples.get(`${view.name}|${range.name}`) ?? [];
        const timing = timingOf(loads.map((load) => load.ms));
        return {
          view: view.name,
          range: range.name,
          timing,
          goal_ms: range.goal_ms,
          goal_met: timing.p95_ms < range.goal_ms,
          waits_on: waitsOn(loads),
        };
      }),
    );
    for (const v of views)
      progress(
        `  ${v.view}, ${v.range}: p50 ${v.timing.p50_ms} ms, p95 ${v.timing.p95_ms} ms; waits on ${v.waits_on.route} (p50 ${v.waits_on.p50_ms} ms)`,
      );
    return { tenant, tenant_responses: Number(count?.n ?? 0), runs, views };
  } finally {
    await browser.close();
    await dashboard.stop();
    await requests.close();
    await api.stop();
  }
}
