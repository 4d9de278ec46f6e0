import { generateText, jsonSchema, stepCountIs, tool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSpans, recordingTracer } from "../src/otlp-export";
import { startServe, type ServeProcess, waitFor } from "@answerscope/test-kit";

const INGEST_KEY = "aisdk-ingest-key-000000001";
const READ_KEY = "aisdk-read-key-0000000001";
const MINUTE = 60_000;

/** The error a tool of the agent throws; its class name is what the failed call's category says. */
class WeatherApiError extends Error {
  override name = "WeatherApiError";
}

const usage = (input: number, output: number) => ({
  inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: output, text: output, reasoning: undefined },
});

/**
 * The Vercel AI SDK (`ai`) running a two-step agent on its test model: the first step calls two
 * tools (one succeeds, one throws), the second answers. Telemetry on, the SDK's spans exported by
 * the OpenTelemetry proto exporter to `answerscope serve`'s collector; the figures read back
 * through the query API.
 */
describe("Vercel AI SDK telemetry into answerscope serve", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "answerscope-otlp-ai-"));
  let serve: ServeProcess | undefined;
  const now = Date.now();
  const range = new URLSearchParams({
    from: new Date(now - MINUTE).toISOString(),
    to: new Date(now + 10 * MINUTE).toISOString(),
  });
  const api = async <T>(path: string): Promise<T> => {
    const res = await fetch(`http://127.0.0.1:${serve!.ports.api}${path}`, {
      headers: { authorization: `Bearer ${READ_KEY}` },
    });
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    serve = await startServe(["--roles", "collector,api"], {
      ANSWERSCOPE_DATA_DIR: dataDir,
      ANSWERSCOPE_KEYS: `ingest:aisdk:${INGEST_KEY},read:aisdk:${READ_KEY}`,
    });
  });
  afterAll(async () => {
    await serve?.stop("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("stores the agent's answer, its tool calls (the thrown one failed with its error class), tokens and finish reason, and the metrics route counts them", async () => {
    const recording = recordingTracer({ "service.version": "agent-1.4.0" }, { register: true });
    const model = new MockLanguageModelV3({
      provider: "openai.chat",
      modelId: "gpt-test",
      doGenerate: [
        {
          content: [
            { type: "tool-call", toolCallId: "call-weather", toolName: "weather", input: '{"city":"Oslo"}' },
            { type: "tool-call", toolCallId: "call-forecast", toolName: "forecast", input: '{"city":"Oslo"}' },
          ],
          finishReason: { unified: "tool-calls", raw: "tool_calls" },
          usage: usage(120, 30),
          warnings: [],
        },
        {
          content: [{ type: "text", text: "Oslo: 4 degrees, rain." }],
          finishReason: { unified: "stop", raw: "stop" },
          usage: usage(200, 12),
          warnings: [],
        },
      ],
    });
    const city = jsonSchema<{ city: string }>({
      type: "object",
      properties: { city: { type: "string" } },
      required: ["city"],
    });
    const result = await generateText({
      model,
      prompt: "What is the weather in Oslo?",
      tools: {
        weather: tool<{ city: string }, string>({
          inputSchema: city,
          execute: async ({ city: name }) => `${name}: 4 degrees, rain`,
        }),
        forecast: tool<{ city: string }, string>({
          inputSchema: city,
          execute: async (): Promise<string> => {
            throw new WeatherApiError("forecast service refused token sk-proj-abcdefghijklmnopqrstuvwx1234");
          },
        }),
      },
      stopWhen: stepCountIs(5),
      experimental_telemetry: {
        isEnabled: true,
        tracer: recording.tracer,
        metadata: { sessionId: "ai-session-1", userId: "ai-user-1", "answerscope.channel": "slack" },
      },
    });
    expect(result.text).toBe("Oslo: 4 degrees, rain.");

    const spans = recording.spans();
    const root = spans.find((span) => span.name === "ai.generateText")!;
    const responseId = `${root.spanContext().traceId}-${root.spanContext().spanId}`;
    expect(
      await exportSpans("protobuf+gzip", `http://127.0.0.1:${serve!.ports.collector}/v1/traces`, INGEST_KEY, spans),
    ).toEqual({ code: 0 });

    type Detail = {
      response: Record<string, unknown> & { dims: Record<string, string> };
      tool_calls: Record<string, unknown>[];
    };
    const detail = await waitFor(
      () =>
        fetch(`http://127.0.0.1:${serve!.ports.api}/api/v1/responses/${responseId}`, {
          headers: { authorization: `Bearer ${READ_KEY}` },
        }),
      (res) => res.status === 200,
      { timeoutMs: 30_000, what: "the answer to be readable" },
    ).then((res) => res.json() as Promise<Detail>);
    expect(detail.response).toMatchObject({
      session_id: "ai-session-1",
      user_id: "ai-user-1",
      finish_reason: "stop",
      prompt_tokens: 320,
      completion_tokens: 42,
      total_tokens: 362,
      iteration_count: 2,
      tool_count: 2,
      response_length: "Oslo: 4 degrees, rain.".length,
      query_text: "What is the weather in Oslo?",
      trace_id: root.spanContext().traceId,
    });
    expect(detail.response.dims).toMatchObject({
      model: "gpt-test",
      provider: "openai",
      channel: "slack",
      bot_version: "agent-1.4.0",
    });
    expect([...(detail.response.tools_used_names as string[])].sort()).toEqual(["forecast", "weather"]);
    const calls = Object.fromEntries(detail.tool_calls.map((call) => [call.tool_name, call]));
    expect(calls.weather).toMatchObject({
      tool_call_id: "call-weather",
      status: "completed",
      start_inferred: false,
      error_category: null,
      response_id: responseId,
    });
    expect(calls.forecast).toMatchObject({
      tool_call_id: "call-forecast",
      status: "failed",
      start_inferred: false,
      error_category: "WeatherApiError",
      response_id: responseId,
    });
    expect(calls.forecast!.error_message).toContain("forecast service refused token");
    expect(calls.forecast!.error_message).not.toContain("sk-proj-abcdefghijklmnopqrstuvwx1234");

    const metrics = await api<{ rows: Record<string, number | null>[] }>(`/api/v1/metrics?${range}`);
    expect(metrics.rows[0]).toMatchObject({
      response_count: 1,
      avg_iteration_count: 2,
      avg_tool_count: 2,
      avg_total_tokens: 362,
      error_rate: 0,
      max_iteration_hit_rate: 0,
      tool_success_rate: 0.5,
    });
    const tools = await api<{
      rows: {
        tool_name: string;
        calls: number;
        failed: number;
        top_error_categories: { category: string; count: number }[];
      }[];
    }>(`/api/v1/tools?${range}`);
    expect(tools.rows.find((row) => row.tool_name === "forecast")).toMatchObject({
      calls: 1,
      failed: 1,
      top_error_categories: [{ category: "WeatherApiError", count: 1 }],
    });
  });
});
