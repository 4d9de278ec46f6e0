import { connect } from "node:net";
import type { RunningService } from "@answerscope/ingest";
import { startTestCollector } from "../src/test-collector";
import { queryRows, sqlValue, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAgentTurn } from "../src/otlp-agent-turn";
import { exportSpans, jsonBody, protobufBody, recordingTracer, type ExporterName } from "../src/otlp-export";
import { createTestWarehouse, dedupedCounts, dropTestWarehouse, rawCounts } from "../src/warehouse";

const INGEST_KEY = "otlp-ingest-key-0000000001";
const READ_KEY = "otlp-read-key-00000000001";
const BURST_KEY = "otlp-burst-key-0000000001";
// Each key: this many exports at once, then one a second (the other tests stay well within it).
const BURST = 40;
const TENANT = "otlp";
const MAX_BODY = 64 * 1024;

describe("OTLP/HTTP trace receiver (POST /v1/traces)", () => {
  let warehouse: Warehouse;
  let service: RunningService;
  let url: string;

  const responses = (where: string) =>
    queryRows<Record<string, unknown>>(
      warehouse,
      `SELECT * FROM ${warehouse.table("responses")} WHERE tenant_id = ${sqlValue(TENANT)} AND ${where}`,
    );
  const toolEvents = (where: string) =>
    queryRows<Record<string, unknown>>(
      warehouse,
      `SELECT * FROM ${warehouse.table("tool_call_events")} WHERE tenant_id = ${sqlValue(TENANT)} AND ${where} ORDER BY tool_call_id, status = 'started' DESC`,
    );
  const post = (body: Uint8Array | string, headers: Record<string, string>) =>
    fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${INGEST_KEY}`, ...headers },
      body: typeof body === "string" ? body : Buffer.from(body),
    });
  const ignoredCounter = async (reason: string) => {
    const text = await (await fetch(`http://127.0.0.1:${service.port}/metrics`)).text();
    return Number(
      new RegExp(`answerscope_ingest_otlp_spans_ignored_total\\{reason="${reason}"\\} (\\d+)`).exec(text)?.[1] ?? 0,
    );
  };

  beforeAll(async () => {
    const created = await createTestWarehouse("as_otlp");
    warehouse = created.warehouse;
    service = await startTestCollector(created, {
      ANSWERSCOPE_KEYS: `ingest:${TENANT}:${INGEST_KEY},read:${TENANT}:${READ_KEY},ingest:${TENANT}:${BURST_KEY}`,
      COLLECTOR_MAX_BODY_BYTES: String(MAX_BODY),
      COLLECTOR_RATE_LIMIT_PER_S: "1",
      COLLECTOR_RATE_LIMIT_BURST: String(BURST),
    });
    url = `http://127.0.0.1:${service.port}/v1/traces`;
  });

  afterAll(async () => {
    await service?.stop();
    if (warehouse) await dropTestWarehouse(warehouse);
  });

  it.each<ExporterName>(["json", "protobuf+gzip"])(
    "stores the facts the spans said, sent by the SDK's %s exporter, once however often it is sent",
    async (exporter) => {
      const recording = recordingTracer({ "service.version": "2.3.1" });
      const conversation = `conv-${exporter}`;
      const agent = recordAgentTurn(recording.tracer, conversation);
      const spans = recording.spans();
      expect(await exportSpans(exporter, url, INGEST_KEY, spans)).toEqual({ code: 0 });

      const { traceId, spanId } = agent.spanContext();
      const [row, ...others] = await responses(`session_id = ${sqlValue(conversation)}`);
      expect(others).toEqual([]);
      const agentSpan = spans.find((span) => span.spanContext().spanId === spanId)!;
      const durationMs = Math.round(
        (agentSpan.endTime[0] - agentSpan.startTime[0]) * 1000 + (agentSpan.endTime[1] - agentSpan.startTime[1]) / 1e6,
      );
      expect(row).toMatchObject({
        response_id: `${traceId}-${spanId}`,
        event_id: `otlp:${traceId}:${spanId}`,
        user_id: "u-otlp",
        channel: "web",
        prompt_version: "p7",
        bot_version: "2.3.1",
        model: "gpt-5-mini",
        provider: "openai",
        trace_id: traceId,
        iteration_count: 2,
        tool_count: 2,
        finish_reason: "stop",
        response_length: "The deploy timed out.".length,
        query_text: "Why did my deploy fail?",
      });
      expect(Number(row!.time_cost_ms)).toBe(durationMs);
      expect([...(row!.tools_used_names as string[])].sort()).toEqual(["deploy", "read_logs"]);
      // Usage from the two chat calls: the agent span carries none of its own.
      expect([Number(row!.prompt_tokens), Number(row!.completion_tokens), Number(row!.total_tokens)]).toEqual([
        250, 60, 310,
      ]);

      const tools = await toolEvents(`session_id = ${sqlValue(conversation)}`);
      expect(tools.map((t) => [t.tool_call_id, t.tool_name, t.status, t.response_id])).toEqual([
        [`${conversation}-call-1`, "read_logs", "started", `${traceId}-${spanId}`],
        [`${conversation}-call-1`, "read_logs", "completed", `${traceId}-${spanId}`],
        [`${conversation}-call-2`, "deploy", "started", `${traceId}-${spanId}`],
        [`${conversation}-call-2`, "deploy", "failed", `${traceId}-${spanId}`],
      ]);
      const failed = tools[3]!;
      expect(failed.error_category).toBe("TimeoutError");
      expect(failed.error_message).toContain("deploy timed out");
      expect(failed.error_message).not.toContain("sk-live-abcdefghijklmnopqrstuvwxyz123456");
      expect(tools[0]!.arguments_json).not.toContain("hunter2");
      expect(tools[1]!.result_summary).toBe("3 errors");

      // The exporter retries a batch it got no answer for: the same spans again add nothing.
      const before = await rawCounts(warehouse);
      expect(await exportSpans(exporter, url, INGEST_KEY, spans)).toEqual({ code: 0 });
      expect(await rawCounts(warehouse)).toEqual(before);
    },
  );

  it("keeps a turn without a user as a rejected event, counts a span without GenAI attributes, and loses nothing else of the batch", async () => {
    const recording = recordingTracer();
    recordAgentTurn(recording.tracer, "conv-mixed");
    recording.tracer.startSpan("GET /health", { attributes: { "http.request.method": "GET" } }).end();
    recording.tracer
      .startSpan("invoke_agent anonymous", {
        attributes: {
          "gen_ai.operation.name": "invoke_agent",
          "gen_ai.conversation.id": "conv-anon",
          "gen_ai.request.model": "m",
          "gen_ai.provider.name": "p",
          "gen_ai.usage.input_tokens": 1,
          "gen_ai.usage.output_tokens": 1,
          "gen_ai.response.finish_reasons": ["stop"],
          "answerscope.response_length": 5,
        },
      })
      .end();
    const ignoredBefore = await ignoredCounter("no_genai_attributes");
    const rejectedBefore = (await dedupedCounts(warehouse, TENANT)).rejected;

    const res = await post(jsonBody(recording.spans()), { "content-type": "application/json" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    const body = (await res.json()) as { partialSuccess: { rejectedSpans: number; errorMessage: string } };
    expect(body.partialSuccess.rejectedSpans).toBe(1);
    expect(body.partialSuccess.errorMessage).toContain(
      "response_completed missing_field:user_id (set answerscope.user_id or user.id",
    );
    expect(body.partialSuccess.errorMessage).toContain("1 span(s) gave no event: no_genai_attributes");

    expect(await responses("session_id = 'conv-mixed'")).toHaveLength(1);
    expect(await toolEvents("session_id = 'conv-mixed'")).toHaveLength(4);
    expect((await dedupedCounts(warehouse, TENANT)).rejected - rejectedBefore).toBe(1);
    const [rejected] = await queryRows<{ reason: string; source: string; payload: string }>(
      warehouse,
      `SELECT reason, source, payload FROM ${warehouse.table("rejected_events")} WHERE tenant_id = ${sqlValue(TENANT)} AND payload LIKE '%conv-anon%'`,
    );
    expect(rejected).toMatchObject({ reason: "missing_field:user_id", source: "otlp" });
    expect(await ignoredCounter("no_genai_attributes")).toBe(ignoredBefore + 1);
  });

  it("answers a truncated protobuf 400, another content type 415, an oversize body 413, no key 401 and a read key 403, storing nothing", async () => {
    const recording = recordingTracer();
    recordAgentTurn(recording.tracer, "conv-bad");
    const body = protobufBody(recording.spans());
    const before = await rawCounts(warehouse);

    const truncated = await post(body.subarray(0, body.length - 7), { "content-type": "application/x-protobuf" });
    expect(truncated.status).toBe(400);
    expect(truncated.headers.get("content-type")).toBe("application/x-protobuf");
    const wrongType = await post(body, { "content-type": "text/plain" });
    expect(wrongType.status).toBe(415);
    const oversize = await post(new Uint8Array(MAX_BODY + 1), { "content-type": "application/x-protobuf" });
    expect(oversize.status).toBe(413);
    const noKey = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-protobuf" },
      body: Buffer.from(body),
    });
    expect(noKey.status).toBe(401);
    const readKey = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${READ_KEY}` },
      body: "{}",
    });
    expect(readKey.status).toBe(403);
    expect(((await readKey.json()) as { message: string }).message).toContain("read key");

    expect(await rawCounts(warehouse)).toEqual(before);
    // The same body whole is taken: the refusals were of the requests, not of the spans.
    const whole = await post(body, { "content-type": "application/x-protobuf" });
    expect(whole.status).toBe(200);
    expect(await responses("session_id = 'conv-bad'")).toHaveLength(1);
  });

  it("refuses a body declared far over the limit 413 with Connection: close, as POST /v1/events does", async () => {
    // Only the headers: the collector answers before reading a body it will not keep.
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(service.port, "127.0.0.1", () =>
        socket.write(
          `POST /v1/traces HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${INGEST_KEY}\r\n` +
            `content-type: application/json\r\ncontent-length: ${MAX_BODY * 100}\r\n\r\n`,
        ),
      );
      let text = "";
      socket.on("data", (chunk) => (text += chunk.toString()));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    const [head, body] = answer.split("\r\n\r\n");
    expect(head!.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
    expect(head!.toLowerCase()).toContain("\r\nconnection: close");
    expect(JSON.parse(body!)).toEqual({ code: 8, message: expect.stringContaining("the limit is") });
  });

  it("holds an ingest key to its rate: 429 with Retry-After in OTLP's reply", async () => {
    const answers = await Promise.all(
      Array.from({ length: BURST + 5 }, () =>
        fetch(url, {
          method: "POST",
          headers: { authorization: `Bearer ${BURST_KEY}`, "content-type": "application/json" },
          body: "{}",
        }),
      ),
    );
    const limited = answers.filter((answer) => answer.status === 429);
    // One token comes back a second: at most a couple of the 5 over the burst can pass.
    expect(limited.length).toBeGreaterThanOrEqual(3);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(answers.length - limited.length);
    expect(limited[0]!.headers.get("retry-after")).toBe("1");
    expect(await limited[0]!.json()).toEqual({ code: 8, message: expect.stringContaining("rate limit") });
  });
});
