import { COUNTERS, EXPORTER_METRICS, GAUGES, LATENCY_HISTOGRAM, loadExporterConfig } from "@answerscope/alerts";
import { makeFeedback, makeResponseCompleted, makeToolCall } from "@answerscope/contracts";

// What the exporter suites share: the exposition parsed, the product's metric names and a data set.
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The exposition text as samples (our label values never contain `"`, `,` or `=`). */
export function parseExposition(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`unparsable line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

export const PRODUCT_METRICS = new Set<string>([
  ...Object.values(GAUGES).map((g) => g.name),
  ...Object.values(COUNTERS).map((c) => c.name),
  ...["_bucket", "_sum", "_count"].map((suffix) => LATENCY_HISTOGRAM.name + suffix),
  ...Object.values(EXPORTER_METRICS),
]);
/** Labels that would identify a person, a conversation or an answer, or carry text. */
export const FORBIDDEN = [
  "user_id",
  "user",
  "session_id",
  "session",
  "response_id",
  "event_id",
  "tool_call_id",
  "target_id",
  "query_text",
  "comment",
  "reason_text",
  "text",
  "trace_id",
];

/** The exporter's config on a test warehouse (`warehouseEnv`: createTestWarehouse's env, or a server's variables). */
export const exporterConfig = (warehouseEnv: Record<string, string>, env: Record<string, string> = {}) =>
  loadExporterConfig({ ...warehouseEnv, EXPORTER_ARRIVAL_SETTLE: "1ms", EXPORTER_QUERY_TIMEOUT_MS: "3000", ...env });

/** Answers of many models over many tools (one call each), rated, for one tenant and the last hour. */
export function manyModelsAndTools(tenantId: string, count: number, runId: string, nowMs: number): object[] {
  const events: object[] = [];
  for (let i = 0; i < count; i++) {
    const id = `${runId}-${i}`;
    const at = (offsetMs: number) => new Date(nowMs - 50 * 60_000 + i * 5_000 + offsetMs).toISOString();
    const common = { tenant_id: tenantId, session_id: `session-${id}`, user_id: `user-${id}` };
    events.push(
      makeResponseCompleted({
        ...common,
        event_id: `${id}-r`,
        response_id: `response-${id}`,
        occurred_at: at(2_000),
        model: `model-${i}`,
        channel: `channel-${i % 40}`,
        provider: `provider-${i % 30}`,
        tools_used_names: [`tool-${i}`],
        query_text: `secret question ${id}`,
      }),
      makeToolCall({
        ...common,
        event_id: `${id}-t1`,
        tool_call_id: `call-${id}`,
        response_id: `response-${id}`,
        status: "started",
        tool_name: `tool-${i}`,
        occurred_at: at(0),
      }),
      makeToolCall({
        ...common,
        event_id: `${id}-t2`,
        tool_call_id: `call-${id}`,
        response_id: `response-${id}`,
        status: i % 3 ? "completed" : "failed",
        tool_name: `tool-${i}`,
        occurred_at: at(1_000),
        ...(i % 3 ? {} : { error_message: "boom", error_category: "timeout" }),
      }),
      makeFeedback({
        ...common,
        event_id: `${id}-f`,
        client_feedback_id: `fb-${id}`,
        target_id: `response-${id}`,
        occurred_at: at(3_000),
        rating: i % 4 ? "up" : "down",
        ...(i % 4 ? {} : { reason: "incorrect", comment: `private comment ${id}` }),
      }),
    );
  }
  return events;
}
