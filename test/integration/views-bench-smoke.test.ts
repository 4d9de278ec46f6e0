import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it, inject } from "vitest";
import {
  COMPARE_SLICES,
  dataWindowEndingAt,
  dropBenchDatabase,
  freshBenchDatabase,
  LARGEST_TENANT,
  loadScaleData,
  measureViewTimes,
  scaleCountsFor,
  VIEW_CASES,
  VIEW_RANGES,
  type FiguresCheck,
} from "@answerscope/bench";
import type {
  AttributionResult,
  CompareResult,
  FeedbackReasonsResult,
  MetricsResult,
  ResponseDetail,
} from "@answerscope/dashboard/api-types";
import { formatCount, formatDuration, formatRate } from "@answerscope/dashboard/format";

const kpi = (page: Page, id: string) => page.locator(`[data-kpi="${id}"] [data-role="value"]`).first().innerText();

/** Each view's headline figure as the page shows it, and the same figure from the API's answer. */
const FIGURES: Record<
  string,
  { shown: (page: Page) => Promise<string>; api: (get: ApiGet, responseId: string) => Promise<string> }
> = {
  Effect: {
    shown: (page) => kpi(page, "response_count"),
    api: async (get) => formatCount((await get<MetricsResult>("/api/v1/metrics")).rows[0]!.response_count),
  },
  Diagnostics: {
    shown: (page) => kpi(page, "latency_p95_ms"),
    api: async (get) => formatDuration((await get<MetricsResult>("/api/v1/metrics")).rows[0]!.latency_p95_ms),
  },
  "Negative feedback": {
    shown: (page) => kpi(page, "down_rated"),
    api: async (get) => formatCount((await get<FeedbackReasonsResult>("/api/v1/feedback/reasons")).down_rated),
  },
  Compare: {
    shown: (page) => kpi(page, "compare-a"),
    api: async (get) => formatRate((await get<CompareResult>("/api/v1/compare", COMPARE_SLICES)).a.rate),
  },
  "Response detail": {
    shown: (page) => page.locator('[data-fact="Tool calls"]').innerText(),
    api: async (get, responseId) =>
      formatCount((await get<ResponseDetail>(`/api/v1/responses/${responseId}`, {}, false)).response.tool_count),
  },
  Attribution: {
    shown: (page) => kpi(page, "recover_after_negative_rate"),
    api: async (get) =>
      formatRate((await get<AttributionResult>("/api/v1/attribution")).recover_after_negative_rate.value),
  },
};
/** The API's answer for the view's range (`ranged`) with the view's read key. */
type ApiGet = <T>(path: string, extra?: Record<string, string>, ranged?: boolean) => Promise<T>;

/**
 * The bench's views section at a small scale, so it cannot rot: the real API and dashboard build,
 * real Chromium; every view of both ranges reaches its figures, and its headline number is the
 * API's answer to the same question. No time is asserted.
 */
describe("bench views section (smoke)", () => {
  it("opens every view for 24 h and 90 d until its figures show, and they are the API's", async () => {
    const w = await freshBenchDatabase(inject("clickhouseUrl"), `bench_smoke_views_${randomBytes(4).toString("hex")}`);
    try {
      const window = dataWindowEndingAt(Date.now());
      await loadScaleData(w, scaleCountsFor(20_000), window);
      const checked: string[] = [];
      const check: FiguresCheck = async (page, { view, range, apiUrl, readKey, responseId }) => {
        const get: ApiGet = async (path, extra = {}, ranged = true) => {
          const query = new URLSearchParams({ ...(ranged ? range : {}), ...extra });
          const response = await fetch(`${apiUrl}${path}?${query.toString()}`, {
            headers: { authorization: `Bearer ${readKey}` },
          });
          expect(response.status, path).toBe(200);
          return (await response.json()) as never;
        };
        const figure = FIGURES[view.name]!;
        const [shown, expected] = [await figure.shown(page), await figure.api(get, responseId)];
        expect(shown, `${view.name} ${range.from}`).toBe(expected);
        checked.push(`${view.name}|${range.from}`);
      };
      const report = await measureViewTimes(w, inject("clickhouseUrl"), {
        tenant: LARGEST_TENANT,
        endMs: window.endMs,
        runs: 1,
        check,
      });
      expect(checked).toHaveLength(VIEW_CASES.length * VIEW_RANGES.length);
      expect(report.views.map((v) => `${v.view}|${v.range}`)).toEqual(
        VIEW_RANGES.flatMap((range) => VIEW_CASES.map((view) => `${view.name}|${range.name}`)),
      );
      for (const v of report.views) {
        expect(v.timing.runs, v.view).toBe(1);
        expect(v.timing.p50_ms, v.view).toBeGreaterThan(0);
        // The dashboard's API requests went through the bench's request log: each view waited on one.
        expect(v.waits_on.api_requests, v.view).toBeGreaterThan(0);
        expect(v.waits_on.route, v.view).toMatch(/^\/api\/v1\//);
      }
      expect(report.tenant_responses).toBeGreaterThan(0);
    } finally {
      await dropBenchDatabase(w);
    }
  }, 600_000);
});
