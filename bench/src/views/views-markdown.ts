import type { ViewsReport } from "./views-section";

/** results.md's lines for the views section. */
export function viewsMarkdown(r: ViewsReport): string[] {
  return [
    `### Dashboard views in Chromium (\`views\`)`,
    "",
    `Navigation start to figures visible (every figure's element rendered, every chart drawn, no panel loading; \`src/views/view-cases.ts\`), the query API and the dashboard's production build as their own processes, headless Chromium logged in to ${r.tenant} (${r.tenant_responses.toLocaleString("en-US")} responses), ${r.runs} page loads per view and range after one warm-up. The goals are the issue's, stated at 10 M responses.`,
    "",
    "| view | range | p50 ms | p95 ms | max ms | goal p95 | met | waits longest on (p50 ms, API requests per load) |",
    "|---|---|---|---|---|---|---|---|",
    ...r.views.map(
      (v) =>
        `| ${v.view} | ${v.range} | ${v.timing.p50_ms} | ${v.timing.p95_ms} | ${v.timing.max_ms} | < ${v.goal_ms} ms | ${v.goal_met ? "yes" : "NO"} | ${v.waits_on.route} (${v.waits_on.p50_ms}, ${v.waits_on.api_requests}) |`,
    ),
    "",
  ];
}
