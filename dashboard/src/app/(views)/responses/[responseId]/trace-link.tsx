import type { ResponseFacts } from "@/lib/api-types";

/** The way to the trace in the tracing system, or a plain statement of why there is none. */
export function TraceLink({ response }: { response: ResponseFacts }) {
  if (response.trace_url) {
    return (
      <p className="trace" data-role="trace">
        <a href={response.trace_url} target="_blank" rel="noopener noreferrer" data-role="trace-link">
          Open trace {response.trace_id} ↗
        </a>{" "}
        <span className="muted">(opens the tracing system in a new tab)</span>
      </p>
    );
  }
  return (
    <p className="trace notice" data-role="trace">
      {response.trace_id
        ? `This response has trace id ${response.trace_id}, but no trace link template is configured (TRACE_URL_TEMPLATE of the query API).`
        : "No trace: the agent sent no trace_id with this response."}
    </p>
  );
}
