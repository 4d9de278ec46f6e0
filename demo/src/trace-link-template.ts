import { pathToFileURL } from "node:url";

/**
 * The trace link template `npm start` gives the query API (TRACE_URL_TEMPLATE). The demo has no
 * tracing system; its agent names each answer's trace by the answer (`trace_id` = `response_id`,
 * scenario/unit/answer-turn.ts), so the link opens that answer's detail page in the dashboard,
 * whose tool-call timeline is the trace. The path is the dashboard's response detail
 * (`responsePath` of dashboard/src/lib/routes.ts); test/browser/demo-links.test.ts opens it.
 */
export function demoTraceUrlTemplate(dashboardUrl: string): string {
  return `${dashboardUrl.replace(/\/+$/, "")}/responses/{trace_id}?tenant={tenant_id}`;
}

// `node --import tsx demo/src/trace-link-template.ts URL` prints it, for scripts/start.sh.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv[2]) {
  process.stdout.write(`${demoTraceUrlTemplate(process.argv[2])}\n`);
}
