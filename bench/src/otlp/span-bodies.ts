import { randomBytes } from "node:crypto";
import { ExportTraceServiceRequest, type KeyValueObject, type SpanObject } from "@answerscope/ingest";

/**
 * Spans each generated turn makes: an invoke_agent span, one chat call and one execute_tool span
 * under it. They map to as many events: a response_completed and the tool call's started and
 * completed.
 */
export const SPANS_PER_TURN = 3;

const attributes = (values: Record<string, string | number | string[]>): KeyValueObject[] =>
  Object.entries(values).map(([key, value]) => ({
    key,
    value: Array.isArray(value)
      ? { arrayValue: { values: value.map((item) => ({ stringValue: item })) } }
      : typeof value === "number"
        ? { intValue: value }
        : { stringValue: value },
  }));

/** One turn's spans, as a GenAI-instrumented agent records them (ids random, so every run's are new events). */
function turnSpans(tenantSeed: string, i: number, startMs: number): SpanObject[] {
  const traceId = randomBytes(16);
  const [agentId, chatId, toolId] = [randomBytes(8), randomBytes(8), randomBytes(8)];
  const ns = (ms: number) => String(BigInt(Math.round(ms)) * 1_000_000n);
  const at = startMs + i;
  return [
    {
      traceId,
      spanId: chatId,
      parentSpanId: agentId,
      name: "chat gpt-4.1-mini",
      kind: 3,
      startTimeUnixNano: ns(at),
      endTimeUnixNano: ns(at + 600),
      attributes: attributes({
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "openai",
        "gen_ai.request.model": "gpt-4.1-mini",
        "gen_ai.usage.input_tokens": 1200 + (i % 300),
        "gen_ai.usage.output_tokens": 180 + (i % 90),
        "gen_ai.response.finish_reasons": ["stop"],
      }),
    },
    {
      traceId,
      spanId: toolId,
      parentSpanId: agentId,
      name: "execute_tool search_docs",
      kind: 1,
      startTimeUnixNano: ns(at + 600),
      endTimeUnixNano: ns(at + 900),
      attributes: attributes({
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "search_docs",
        "gen_ai.tool.call.id": `call-${traceId.toString("hex")}`,
        "gen_ai.tool.call.arguments": '{"query":"rotate the ingest key"}',
      }),
    },
    {
      traceId,
      spanId: agentId,
      name: "invoke_agent support",
      kind: 3,
      startTimeUnixNano: ns(at),
      endTimeUnixNano: ns(at + 1000 + (i % 4000)),
      attributes: attributes({
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.provider.name": "openai",
        "gen_ai.request.model": "gpt-4.1-mini",
        "gen_ai.conversation.id": `${tenantSeed}-s${i >> 2}`,
        "answerscope.user_id": `u${i % 500}`,
        "answerscope.channel": "web",
        "answerscope.response_length": 640 + (i % 900),
        "gen_ai.input.messages": JSON.stringify([
          {
            role: "user",
            parts: [
              {
                type: "text",
                content: `How do I rotate the ingest key of tenant ${i % 50} without dropping events in flight?`,
              },
            ],
          },
        ]),
      }),
    },
  ];
}

/**
 * `turns` turns as protobuf ExportTraceServiceRequest bodies of at most `spansPerRequest` spans
 * (BatchSpanProcessor's default export batch is 512), encoded with the OTLP definitions the
 * receiver decodes with; built before the clock.
 */
export function otlpBodies(turns: number, spansPerRequest: number, seed: string): Uint8Array[] {
  const turnsPerRequest = Math.max(1, Math.floor(spansPerRequest / SPANS_PER_TURN));
  const startMs = Date.now() - 60_000;
  const bodies: Uint8Array[] = [];
  for (let first = 0; first < turns; first += turnsPerRequest) {
    const spans = Array.from({ length: Math.min(turnsPerRequest, turns - first) }, (_, k) =>
      turnSpans(seed, first + k, startMs),
    ).flat();
    const request = {
      resourceSpans: [
        {
          resource: { attributes: attributes({ "service.name": "bench-agent", "service.version": "2026.12.1" }) },
          scopeSpans: [{ spans }],
        },
      ],
    };
    bodies.push(ExportTraceServiceRequest.encode(ExportTraceServiceRequest.fromObject(request)).finish());
  }
  return bodies;
}
