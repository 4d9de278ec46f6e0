import { Panel } from "@/components/layout/panel";
import type { ResponseFacts } from "@/lib/api-types";
import { DIMENSION_LABELS, DIMENSIONS } from "@/lib/dimensions";
import { formatCount, formatDuration, formatTimestamp } from "@/lib/format";

/** The answer's facts: when, who, which dimensions, how it ended, what it cost. */
export function ResponseFactsPanel({ response }: { response: ResponseFacts }) {
  const facts: [string, string][] = [
    ["Occurred", formatTimestamp(response.occurred_at)],
    ["Finish reason", response.finish_reason],
    ["Session", response.session_id],
    ["Turn", response.turn_index === null ? "—" : String(response.turn_index)],
    ["User", response.user_id],
    ["Latency", formatDuration(response.time_cost_ms)],
    ["Iterations", formatCount(response.iteration_count)],
    ["Tool calls", formatCount(response.tool_count)],
    [
      "Tokens",
      `${formatCount(response.total_tokens)} (${formatCount(response.prompt_tokens)} prompt + ${formatCount(response.completion_tokens)} completion)`,
    ],
    ["Answer length", `${formatCount(response.response_length)} characters`],
    ["Tools used", response.tools_used_names.join(" → ") || "none"],
    ["Citations", response.citation_ids.join(", ") || "none"],
    ...DIMENSIONS.map((dimension): [string, string] => [
      DIMENSION_LABELS[dimension],
      response.dims[dimension] ?? "unknown",
    ]),
  ];
  return (
    <Panel title="Facts" id="response-facts">
      <dl className="facts">
        {facts.map(([term, value]) => (
          <div key={term} style={{ display: "contents" }}>
            <dt>{term}</dt>
            <dd data-fact={term}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="muted" style={{ margin: "10px 0 0" }}>
        Question (the user turn this answers)
      </p>
      <p className="query-text">{response.query_text ?? "—"}</p>
    </Panel>
  );
}
