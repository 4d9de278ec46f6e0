import { plantedSecretsText } from "@answerscope/contracts";
import { queryRows, sqlValue, type Warehouse } from "@answerscope/warehouse";
import { SpanKind, SpanStatusCode, context, trace, type Tracer } from "@opentelemetry/api";
import { startServe, type ServeProcess, waitFor } from "@answerscope/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonBody, protobufBody, recordingTracer } from "../src/otlp-export";
import { leakedShapes, warehouseLeaks } from "../src/secret-leaks";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

/** Every planted secret, one a line, in each free-text place of the spans below. */
const SECRETS = plantedSecretsText();
const TENANT = "t-otlp-sec";
const INGEST_KEY = "otlp-secrets-ingest-key-001";
const READ_KEY = "otlp-secrets-read-key-00001";

/**
 * An agent turn whose every free text carries the secrets: the question and the answer, an
 * attribute the receiver does not map, a tool's arguments and result, a failed tool's status
 * message and its exception event, and (without `user`) a turn the contract refuses, kept as a
 * rejected event with its mapped payload.
 */
function plantedTurn(tracer: Tracer, conversation: string, user?: string) {
  const agent = tracer.startSpan("invoke_agent support", {
    kind: SpanKind.CLIENT,
    attributes: {
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.provider.name": "openai",
      "gen_ai.request.model": "gpt-5-mini",
      "gen_ai.conversation.id": conversation,
      ...(user ? { "answerscope.user_id": user } : {}),
      "answerscope.channel": "web",
      "app.note": SECRETS,
      "gen_ai.input.messages": JSON.stringify([{ role: "user", parts: [{ type: "text", content: SECRETS }] }]),
    },
  });
  const inAgent = trace.setSpan(context.active(), agent);
  const tool = tracer.startSpan(
    "execute_tool deploy",
    {
      attributes: {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "deploy",
        "gen_ai.tool.call.id": `${conversation}-call`,
        "gen_ai.tool.call.arguments": JSON.stringify({ password: "plantedHunter2pw", note: SECRETS }),
        "gen_ai.tool.call.result": SECRETS,
        "error.type": "TimeoutError",
      },
    },
    inAgent,
  );
  tool.recordException({ name: "TimeoutError", message: SECRETS });
  tool.setStatus({ code: SpanStatusCode.ERROR, message: SECRETS });
  tool.end();
  tracer
    .startSpan(
      "chat gpt-5-mini",
      {
        attributes: {
          "gen_ai.operation.name": "chat",
          "gen_ai.provider.name": "openai",
          "gen_ai.request.model": "gpt-5-mini",
          "gen_ai.usage.input_tokens": 10,
          "gen_ai.usage.output_tokens": 5,
          "gen_ai.response.finish_reasons": ["stop"],
        },
      },
      inAgent,
    )
    .end();
  agent.setAttribute(
    "gen_ai.output.messages",
    JSON.stringify([{ role: "assistant", parts: [{ type: "text", content: SECRETS }], finish_reason: "stop" }]),
  );
  agent.end();
}

/**
 * Credentials an agent leaks into its spans, sent to the OTLP receiver of `answerscope serve`
 * (collector, evaluator, API, exporter in one process): none may be found in any table (rejected
 * events included), in any line serve wrote (every role's log), nor in any answer of the receiver,
 * the API or the exporter (docs/privacy.md).
 */
describe("planted secrets in OTLP spans", () => {
  let warehouse: Warehouse;
  let serve: ServeProcess;
  const answers: string[] = [];
  const port = (role: string) => serve.ports[role]!;
  const read = async (path: string) => {
    const res = await fetch(`http://127.0.0.1:${port("api")}${path}`, {
      headers: { authorization: `Bearer ${READ_KEY}` },
    });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return text;
  };
  const rows = (sql: string) => queryRows<{ n: number }>(warehouse, sql).then((r) => Number(r[0]?.n ?? 0));
  const inTenant = (table: string) =>
    `SELECT count() AS n FROM ${warehouse.table(table)} WHERE tenant_id = ${sqlValue(TENANT)}`;

  beforeAll(async () => {
    const created = await createTestWarehouse("as_otlp_secrets");
    warehouse = created.warehouse;
    serve = await startServe([], {
      CLICKHOUSE_URL: created.url,
      CLICKHOUSE_DATABASE: created.database,
      ANSWERSCOPE_KEYS: `ingest:${TENANT}:${INGEST_KEY},read:${TENANT}:${READ_KEY}`,
      OUTCOME_INTERVAL_MS: "300",
      OUTCOME_SETTLE_MS: "0",
      EXPORTER_REFRESH_MS: "300",
      EXPORTER_ARRIVAL_SETTLE: "1ms",
      // Every line a role can write, the exporter's per-scrape lines included.
      LOG_LEVEL: "debug",
    });
    const recording = recordingTracer();
    plantedTurn(recording.tracer, "conv-json", "u-json");
    plantedTurn(recording.tracer, "conv-anonymous");
    const spans = recording.spans();
    const second = recordingTracer();
    plantedTurn(second.tracer, "conv-proto", "u-proto");
    for (const [type, body] of [
      ["application/json", jsonBody(spans)],
      ["application/x-protobuf", protobufBody(second.spans())],
    ] as const) {
      const res = await fetch(`http://127.0.0.1:${port("collector")}/v1/traces`, {
        method: "POST",
        headers: { authorization: `Bearer ${INGEST_KEY}`, "content-type": type },
        body: Buffer.from(body),
      });
      expect(res.status).toBe(200);
      answers.push(Buffer.from(await res.arrayBuffer()).toString("latin1"));
    }
    await waitFor(
      async () => [await rows(inTenant("responses")), await rows(inTenant("rejected_events"))],
      ([responses, rejected]) => responses === 2 && rejected! >= 1,
      { timeoutMs: 60_000, what: "two answers stored and the anonymous turn rejected" },
    );
    // The evaluator ran over them, and the exporter answers their figures.
    await waitFor(
      async () => rows(inTenant("response_labels")),
      (n) => n >= 2,
      { timeoutMs: 60_000, what: "the evaluator's labels of both answers" },
    );
    answers.push(
      await waitFor(
        () => fetch(`http://127.0.0.1:${port("exporter")}/metrics`).then((res) => res.text()),
        (text) => text.includes(`tenant="${TENANT}"`),
        { timeoutMs: 60_000, what: "the exporter's figures of the tenant" },
      ),
    );
    const range = "from=2020-01-01T00:00:00Z&to=2100-01-01T00:00:00Z";
    answers.push(
      await read(`/api/v1/rejected?${range}&limit=200`),
      await read(`/api/v1/samples?${range}&limit=50`),
      await read(`/api/v1/tools?${range}`),
    );
    for (const id of await queryRows<{ response_id: string }>(
      warehouse,
      `SELECT response_id FROM ${warehouse.table("responses")} WHERE tenant_id = ${sqlValue(TENANT)}`,
    ))
      answers.push(await read(`/api/v1/responses/${encodeURIComponent(id.response_id)}`));
  }, 240_000);

  afterAll(async () => {
    await serve?.stop("SIGTERM");
    if (warehouse) await dropTestWarehouse(warehouse);
  });

  it("stores no planted secret in any text column of any table, rejected events included", async () => {
    expect(await rows(inTenant("rejected_events"))).toBeGreaterThanOrEqual(1);
    expect(await warehouseLeaks(warehouse)).toEqual([]);
  });

  it("answers no planted secret from the receiver, the API or the exporter", () => {
    expect(answers.length).toBeGreaterThanOrEqual(7);
    for (const answer of answers) expect(leakedShapes(answer)).toEqual([]);
  });

  it("writes no planted secret to any role's log, the evaluator's and the exporter's included", () => {
    const output = serve.output();
    const services = new Set(
      output.split("\n").flatMap((line) => {
        try {
          return [String((JSON.parse(line) as { service?: unknown }).service)];
        } catch {
          return [];
        }
      }),
    );
    for (const role of ["ingest", "evaluator", "api", "exporter"]) expect(services).toContain(role);
    expect(leakedShapes(output)).toEqual([]);
  });
});
