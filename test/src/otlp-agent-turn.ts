import { SpanKind, SpanStatusCode, context, trace, type Tracer } from "@opentelemetry/api";

/**
 * An agent turn as GenAI-instrumented code records it: an invoke_agent span, two chat calls and
 * two execute_tool spans under it, one of which fails with a secret in its error text.
 */
export function recordAgentTurn(tracer: Tracer, conversation: string) {
  const agent = tracer.startSpan("invoke_agent support", {
    kind: SpanKind.CLIENT,
    attributes: {
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.provider.name": "openai",
      "gen_ai.request.model": "gpt-5-mini",
      "gen_ai.conversation.id": conversation,
      "answerscope.user_id": "u-otlp",
      "answerscope.channel": "web",
      "answerscope.prompt_version": "p7",
      "gen_ai.input.messages": JSON.stringify([
        { role: "user", parts: [{ type: "text", content: "Why did my deploy fail?" }] },
      ]),
    },
  });
  const inAgent = trace.setSpan(context.active(), agent);
  const chat = (tokensIn: number, tokensOut: number, reason: string) => {
    const span = tracer.startSpan(
      "chat gpt-5-mini",
      {
        attributes: {
          "gen_ai.operation.name": "chat",
          "gen_ai.provider.name": "openai",
          "gen_ai.request.model": "gpt-5-mini",
          "gen_ai.response.model": "gpt-5-mini-2026",
          "gen_ai.usage.input_tokens": tokensIn,
          "gen_ai.usage.output_tokens": tokensOut,
          "gen_ai.response.finish_reasons": [reason],
        },
      },
      inAgent,
    );
    span.end();
  };
  chat(100, 20, "tool_calls");
  const logs = tracer.startSpan(
    "execute_tool read_logs",
    {
      attributes: {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "read_logs",
        "gen_ai.tool.call.id": `${conversation}-call-1`,
        "gen_ai.tool.call.arguments": '{"service":"api","password":"hunter2"}',
        "gen_ai.tool.call.result": "3 errors",
      },
    },
    inAgent,
  );
  logs.end();
  const deploy = tracer.startSpan(
    "execute_tool deploy",
    {
      attributes: {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "deploy",
        "gen_ai.tool.call.id": `${conversation}-call-2`,
        "error.type": "TimeoutError",
      },
    },
    inAgent,
  );
  deploy.setStatus({
    code: SpanStatusCode.ERROR,
    message: "deploy timed out calling https://ci with Bearer sk-live-abcdefghijklmnopqrstuvwxyz123456",
  });
  deploy.end();
  chat(150, 40, "stop");
  agent.setAttribute(
    "gen_ai.output.messages",
    JSON.stringify([
      { role: "assistant", parts: [{ type: "text", content: "The deploy timed out." }], finish_reason: "stop" },
    ]),
  );
  agent.end();
  return agent;
}
