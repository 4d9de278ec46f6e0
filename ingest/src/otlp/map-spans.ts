import { CONTEXT_SOURCES } from "./field-sources";
import { mapTool } from "./map-tool";
import { mapTurn, responseIdOf } from "./map-turn";
import { SpanIndex } from "./span-index";
import { isAiSdkStep, operationOf } from "./span-roles";
import type { OtlpSpan } from "./spans";

/** Why a span gave no event. Bounded: these are metric labels. */
export type IgnoredReason = "no_genai_attributes" | "unmapped_operation" | "invalid_id" | "step_without_call";

export interface MappedEvent {
  /** The span the event came from (a tool span gives two events). */
  span: OtlpSpan;
  event: Record<string, unknown>;
}

export interface MappedExport {
  events: MappedEvent[];
  /** Spans that gave no event, by reason, with the operations an `unmapped_operation` named. */
  ignored: Map<IgnoredReason, { count: number; operations: Set<string> }>;
}

const HEX_TRACE_ID = /^[0-9a-f]{32}$/;
const HEX_SPAN_ID = /^[0-9a-f]{16}$/;

/**
 * One export's spans to contract events (README.md, Mapping): every turn span (an agent or LLM
 * call span with no agent or LLM call above it in this export) to a response_completed, every tool
 * span to its tool_call events. LLM call spans under a turn are folded into it; every other span
 * is counted with the reason it gave nothing.
 */
export function mapSpans(spans: OtlpSpan[], tenantId: string): MappedExport {
  const ignored: MappedExport["ignored"] = new Map();
  const ignore = (reason: IgnoredReason, operation?: string) => {
    const entry = ignored.get(reason) ?? { count: 0, operations: new Set<string>() };
    entry.count += 1;
    if (operation !== undefined && entry.operations.size < 10) entry.operations.add(operation);
    ignored.set(reason, entry);
  };
  const usable = spans.filter((span) => HEX_TRACE_ID.test(span.traceId) && HEX_SPAN_ID.test(span.spanId));
  for (let i = usable.length; i < spans.length; i += 1) ignore("invalid_id");
  const index = new SpanIndex(usable);
  const isCall = (span: OtlpSpan) => index.role(span) === "agent" || index.role(span) === "llm";
  const turnOf = (span: OtlpSpan): OtlpSpan | undefined => [span, ...index.ancestors(span)].filter(isCall).pop();

  const events: MappedEvent[] = [];
  for (const span of usable) {
    const role = index.role(span);
    if (role === "none") ignore("no_genai_attributes");
    else if (role === "other_genai") ignore("unmapped_operation", operationOf(span));
    else if (role === "tool") {
      const turn = turnOf(span);
      const declared = index.context(span, CONTEXT_SOURCES.response_id);
      const responseId = turn ? responseIdOf(index, turn) : declared === undefined ? undefined : String(declared);
      for (const event of mapTool(index, span, tenantId, responseId)) events.push({ span, event });
    } else if (turnOf(span) !== span) {
      // an LLM call or nested agent inside a turn, counted in that turn's iterations
    } else if (isAiSdkStep(span)) {
      ignore("step_without_call"); // its ai.* call span came in another export (or never): that span is the turn
    } else events.push({ span, event: mapTurn(index, span, tenantId) });
  }
  return { events, ignored };
}
