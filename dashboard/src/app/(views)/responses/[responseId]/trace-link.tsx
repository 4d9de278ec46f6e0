import type { ResponseFacts } from "@/lib/api-types";

/**
 * The way to the trace in the tracing system, or a plain statement of why there is none. How an
 * operator sets the link up (TRACE_URL_TEMPLATE) is for the operator docs and the API's startup
 * log, not for the reader of this page.
 */
export function TraceLink({ response }: { response: ResponseFacts }) {
  if (response.trace_url) {
    return (
      <p className="trace" data-role="trace">
        <a href={response.trace_url} target="_blank" rel="noopener noreferrer" data-role="trace-link">
          Open trace {response.trace_id} ↗
        </a>{" "}
        <span className="muted">(opens in a new tab)</span>
      </p>
    );
  }
  return (
    <p className="trace notice" data-role="trace">
      {response.trace_id ? (
        <>
          Trace <span className="mono">{response.trace_id}</span>: this dashboard has no link to a tracing system.
        </>
      ) : (
        "No trace: the agent sent no trace_id with this response."
      )}
    </p>
  );
}
