import { describe, expect, it } from "vitest";
import { mapSpans } from "./map-spans";
import type { Attributes, OtlpSpan } from "./spans";

const TRACE = "0af7651916cd43dd8448eb211c80319c";
let nextId = 1;
const spanId = () => (nextId++).toString(16).padStart(16, "0");

function span(attributes: Attributes, more: Partial<OtlpSpan> = {}): OtlpSpan {
  return {
    traceId: TRACE,
    spanId: spanId(),
    parentSpanId: undefined,
    name: "span",
    startNs: 1_796_000_000_000_000_000n,
    endNs: 1_796_000_000_250_000_000n,
    attributes,
    status: { code: 0, message: undefined },
    events: [],
    resource: { "service.version": "9.9.9" },
    ...more,
  };
}

const who = { "gen_ai.conversation.id": "s1", "user.id": "u1" };
const chat = (attributes: Attributes, more: Partial<OtlpSpan> = {}) =>
  span(
    {
      "gen_ai.operation.name": "chat",
      "gen_ai.request.model": "m",
      "gen_ai.provider.name": "p",
      ...who,
      ...attributes,
    },
    more,
  );
const answers = (spans: OtlpSpan[]) =>
  mapSpans(spans, "t")
    .events.map(({ event }) => event)
    .filter((event) => event.event_type === "response_completed");

describe("mapSpans", () => {
  it("takes a lone chat span for a turn of one iteration, its usage and finish reason mapped", () => {
    const [answer] = answers([
      chat({
        "gen_ai.usage.input_tokens": 7,
        "gen_ai.usage.output_tokens": 3,
        "gen_ai.response.finish_reasons": ["end_turn"],
        "gen_ai.output.messages": '[{"role":"assistant","parts":[{"type":"text","content":"héllo"}]}]',
      }),
    ]);
    expect(answer).toMatchObject({
      iteration_count: 1,
      prompt_tokens: 7,
      completion_tokens: 3,
      finish_reason: "stop",
      response_length: 5,
      // Kept only for tenants that opt in (the writer's privacy step), for the LLM judge.
      answer_text: "héllo",
      time_cost_ms: 250,
      bot_version: "9.9.9",
      channel: "otlp",
      tool_count: 0,
    });
  });

  it("maps provider finish reasons to the contract's, passes an unknown one on for the contract to reject", () => {
    const reason = (value: string) => answers([chat({ "gen_ai.response.finish_reasons": [value] })])[0]!.finish_reason;
    expect([reason("max_tokens"), reason("tool_use"), reason("content_filter"), reason("weird")]).toEqual([
      "length",
      "max_iterations",
      "no_reply",
      "weird",
    ]);
  });

  it("says error for a failed turn, cancelled when its exception is an abort", () => {
    const failed = (type: string) =>
      answers([
        chat(
          {},
          {
            status: { code: 2, message: "x" },
            events: [{ name: "exception", attributes: { "exception.type": type } }],
          },
        ),
      ])[0]!.finish_reason;
    expect([failed("RateLimitError"), failed("AbortError")]).toEqual(["error", "cancelled"]);
  });

  it("leaves out what the spans do not say, so the contract names the missing field", () => {
    const [answer] = answers([span({ "gen_ai.operation.name": "invoke_agent", ...who })]);
    expect(answer!.prompt_tokens).toBeUndefined();
    expect(answer!.model).toBeUndefined();
    expect(answer!.finish_reason).toBeUndefined();
  });

  it("links a tool call to its turn and gives it a diagnostic parent instead of the session when named", () => {
    const agent = span({ "gen_ai.operation.name": "invoke_agent", ...who, "answerscope.diagnostic_task_id": "d1" });
    const tool = span(
      { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "grep", "error.type": "TimeoutError" },
      { parentSpanId: agent.spanId, status: { code: 2, message: "timed out, password=hunter2" } },
    );
    const events = mapSpans([tool, agent], "t").events.map(({ event }) => event);
    const ended = events.find((event) => event.status === "failed")!;
    expect(ended).toMatchObject({
      response_id: `${TRACE}-${agent.spanId}`,
      diagnostic_task_id: "d1",
      session_id: undefined,
      error_category: "TimeoutError",
      user_id: "u1",
    });
    expect(String(ended.error_message)).not.toContain("hunter2");
    expect(events.filter((event) => event.event_type === "response_completed")).toHaveLength(1);
  });

  it("counts the spans that give no event, by reason", () => {
    const orphanStep = span(
      { "ai.operationId": "ai.generateText.doGenerate", "gen_ai.system": "openai" },
      { parentSpanId: "00000000000000ff" },
    );
    const mapped = mapSpans(
      [
        span({ "http.route": "/x" }),
        span({ "gen_ai.operation.name": "embeddings" }),
        span({ "gen_ai.operation.name": "chat" }, { spanId: "xyz" }),
        orphanStep,
      ],
      "t",
    );
    expect(mapped.events).toEqual([]);
    expect(
      Object.fromEntries(
        [...mapped.ignored].map(([reason, { count, operations }]) => [reason, [count, [...operations]]]),
      ),
    ).toEqual({
      invalid_id: [1, []],
      no_genai_attributes: [1, []],
      unmapped_operation: [1, ["embeddings"]],
      step_without_call: [1, []],
    });
  });
});
