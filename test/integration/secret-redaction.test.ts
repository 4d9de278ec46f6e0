import {
  makeFeedback,
  makeResponseCompleted,
  makeToolCall,
  plantedSecretsText,
  REJECTION_REASON_KINDS,
} from "@answerscope/contracts";
import { queryRows, sqlValue, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startApiProcess,
  startIngestProcess,
  type IngestProcess,
  kafkaFor,
  readDeadLetters,
  TOPICS,
  type ServiceProcess,
  startKafka,
  stopKafka,
  waitFor,
} from "@answerscope/test-kit";
import { ingestWorkerEnv } from "../src/ingest-workers";
import { leakedShapes, warehouseLeaks } from "../src/secret-leaks";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

/** Every planted secret, one a line, in each text field of each event below. */
const SECRETS = plantedSecretsText();
const OCCURRED = "2026-12-01T10:00:00.000Z";

/** Malformed events of every reason the contract gives, each carrying the secrets, as raw texts. */
function malformed(tenant: string): { reason: string; text: string }[] {
  const id = (name: string) => `${tenant}-${name}`;
  const response = (name: string) =>
    makeResponseCompleted({
      tenant_id: tenant,
      event_id: id(name),
      response_id: id(name),
      occurred_at: OCCURRED,
      query_text: SECRETS,
    });
  const missingUser: Record<string, unknown> = { ...response("missing"), note: SECRETS };
  delete missingUser.user_id;
  const cases = [
    {
      reason: "invalid_json",
      text: `{"event_id": "${id("json")}", "tenant_id": "${tenant}", "event_type": "tool_call", "note": ${JSON.stringify(SECRETS)}, oops`,
    },
    {
      reason: "too_large",
      text: JSON.stringify({ ...response("large"), query_text: `${SECRETS}\n${"x".repeat(270 * 1024)}` }),
    },
    { reason: "missing_field", text: JSON.stringify(missingUser) },
    {
      reason: "invalid_field",
      text: JSON.stringify({
        ...makeToolCall({ tenant_id: tenant, event_id: id("delta"), occurred_at: OCCURRED }),
        status: "delta",
        error_message: SECRETS,
        arguments: { password: "plantedHunter2pw", note: SECRETS },
      }),
    },
    { reason: "unsupported_schema_version", text: JSON.stringify({ ...response("version"), schema_version: 7 }) },
    {
      reason: "unsupported_event_type",
      text: JSON.stringify({
        event_id: id("mystery"),
        event_type: "mystery",
        schema_version: 1,
        tenant_id: tenant,
        occurred_at: OCCURRED,
        note: SECRETS,
      }),
    },
  ];
  // The test covers every reason kind there is: a new kind must be planted too.
  expect(cases.map((item) => item.reason).sort()).toEqual([...REJECTION_REASON_KINDS].sort());
  return cases;
}

/** Events that are valid one by one and refused by a rule that sees more: another user's terminal tool_call event, a reused client_feedback_id. */
function refusedByRules(tenant: string): object[] {
  const tool = (event_id: string, status: "started" | "completed", user_id: string) =>
    makeToolCall({
      tenant_id: tenant,
      event_id: `${tenant}-${event_id}`,
      tool_call_id: `${tenant}-call`,
      status,
      user_id,
      occurred_at: OCCURRED,
      error_message: undefined,
      result_summary: status === "completed" ? SECRETS : undefined,
    });
  const feedback = (event_id: string, comment: string) =>
    makeFeedback({
      tenant_id: tenant,
      event_id: `${tenant}-${event_id}`,
      client_feedback_id: "fb-reused",
      target_id: "r-none",
      user_id: "u-fb",
      occurred_at: OCCURRED,
      comment,
    });
  return [
    tool("owner-start", "started", "alice"),
    tool("thief-done", "completed", "mallory"),
    feedback("fb-first", "fine"),
    feedback("fb-conflict", SECRETS),
  ];
}

/** A valid answer whose user pasted the secrets into the question (and the agent echoed them): stored under the default query_text policy, `redacted`. */
const accepted = (tenant: string) =>
  JSON.stringify(
    makeResponseCompleted({
      tenant_id: tenant,
      event_id: `${tenant}-accepted`,
      response_id: `${tenant}-accepted`,
      occurred_at: OCCURRED,
      query_text: SECRETS,
      // Kept for the LLM judge (the tenants opt in below), redacted like every text.
      answer_text: SECRETS,
    }),
  );

/**
 * Credentials a producer leaks into events that are then refused, for every reason, through the
 * collector into the warehouse, through the collector onto Kafka, and onto Kafka directly (the
 * workers refuse them), and in the question of a valid answer: none may be found in any table, on the dead-letter topic, in any answer of
 * the API or in any line the three processes wrote (docs/privacy.md).
 */
describe("planted secrets in refused events", () => {
  const INGEST_SINGLE = "secrets-single-ingest-key-01";
  const INGEST_KAFKA = "secrets-kafka-ingest-key-001";
  const TENANTS = { single: "t-sec-single", viaKafka: "t-sec-kafka", direct: "t-sec-direct" } as const;
  const READ_KEYS = Object.fromEntries(Object.values(TENANTS).map((tenant) => [tenant, `${tenant}-read-key-000000`]));
  const brokerName = "it-secrets";
  let warehouse: Warehouse;
  let single: IngestProcess;
  let kafkaNode: IngestProcess;
  let api: ServiceProcess;

  const post = (port: number, key: string, texts: string[]) =>
    fetch(`http://127.0.0.1:${port}/v1/events`, {
      method: "POST",
      headers: { "content-type": "application/x-ndjson", authorization: `Bearer ${key}` },
      body: texts.join("\n"),
    }).then(async (res) => {
      expect(res.status, await res.clone().text()).toBe(202);
      return res.text();
    });

  const rejected = (tenant: string) =>
    fetch(`http://127.0.0.1:${api.port}/api/v1/rejected?from=2020-01-01T00:00:00Z&to=2100-01-01T00:00:00Z&limit=200`, {
      headers: { authorization: `Bearer ${READ_KEYS[tenant]}` },
    }).then(async (res) => {
      expect(res.status).toBe(200);
      return res.text();
    });

  /** Whether the owner's start of the test's tool call is stored: the ownership rule compares with what is. */
  const startStored = (tenant: string) => () =>
    waitFor(
      () =>
        queryRows<{ n: number }>(
          warehouse,
          `SELECT count() AS n FROM ${warehouse.table("tool_call_events")} WHERE tenant_id = ${sqlValue(tenant)}`,
        ),
      (rows) => Number(rows[0]?.n) === 1,
      { timeoutMs: 60_000, what: `${tenant}'s first tool-call event stored` },
    );

  let answers: string[] = [];
  let deadLetters: string[] = [];

  beforeAll(async () => {
    const created = await createTestWarehouse("as_secrets");
    warehouse = created.warehouse;
    const { brokers } = await startKafka({ name: brokerName, partitions: 2 });
    const keys = Object.entries(READ_KEYS).map(([tenant, key]) => `read:${tenant}:${key}`);
    // Every tenant keeps its answer texts (response_texts): they must come out redacted too.
    const privacy = { ANSWERSCOPE_PRIVACY: JSON.stringify({ default: { answer_texts: true } }) };
    const base = {
      CLICKHOUSE_URL: created.url,
      CLICKHOUSE_DATABASE: created.database,
      INGEST_BATCH_MAX_WAIT_MS: "50",
      ...privacy,
    };
    single = await startIngestProcess({ ...base, ANSWERSCOPE_KEYS: `ingest:${TENANTS.single}:${INGEST_SINGLE}` });
    kafkaNode = await startIngestProcess({
      ...ingestWorkerEnv({ url: created.url, database: created.database, brokers, groupId: "secrets" }),
      RUN_COLLECTOR: "on",
      ...privacy,
      ANSWERSCOPE_KEYS: `ingest:${TENANTS.viaKafka}:${INGEST_KAFKA}`,
    });
    api = await startApiProcess({
      CLICKHOUSE_URL: created.url,
      CLICKHOUSE_DATABASE: created.database,
      ANSWERSCOPE_KEYS: keys.join(","),
    });

    // An event for another tenant is refused as forbidden by the collector: only over HTTP.
    const otherTenant = JSON.stringify(
      makeResponseCompleted({ tenant_id: "someone-else", event_id: "x-forbidden", query_text: SECRETS }),
    );
    for (const [process, key, tenant] of [
      [single, INGEST_SINGLE, TENANTS.single],
      [kafkaNode, INGEST_KAFKA, TENANTS.viaKafka],
    ] as const) {
      await post(process.port, key, [
        ...malformed(tenant).map((item) => item.text),
        otherTenant,
        JSON.stringify(refusedByRules(tenant)[0]),
        accepted(tenant),
      ]);
      // The rules compare with what is stored: the second events come once the first are.
      await startStored(tenant)();
      await post(
        process.port,
        key,
        refusedByRules(tenant)
          .slice(1)
          .map((event) => JSON.stringify(event)),
      );
    }
    // Straight onto the event topics: the worker refuses them and dead-letters them itself.
    const producer = kafkaFor(brokers).producer();
    await producer.connect();
    const direct = malformed(TENANTS.direct);
    await producer.sendBatch({
      topicMessages: [
        { topic: TOPICS.tool_call, messages: direct.map((item) => ({ key: "k", value: item.text })) },
        { topic: TOPICS.response_completed, messages: [{ key: "k", value: accepted(TENANTS.direct) }] },
      ],
    });
    const rules = refusedByRules(TENANTS.direct);
    await producer.send({ topic: TOPICS.tool_call, messages: [{ key: "k", value: JSON.stringify(rules[0]) }] });
    await producer.send({
      topic: TOPICS.feedback_submitted,
      messages: [{ key: "k", value: JSON.stringify(rules[2]) }],
    });
    await startStored(TENANTS.direct)();
    await producer.send({ topic: TOPICS.tool_call, messages: [{ key: "k", value: JSON.stringify(rules[1]) }] });
    await producer.send({
      topic: TOPICS.feedback_submitted,
      messages: [{ key: "k", value: JSON.stringify(rules[3]) }],
    });
    await producer.disconnect();

    const expected = { [TENANTS.single]: 9, [TENANTS.viaKafka]: 9, [TENANTS.direct]: 8 };
    for (const [tenant, total] of Object.entries(expected)) {
      await waitFor(
        () => rejected(tenant),
        (body) => (JSON.parse(body) as { total: number }).total === total,
        { timeoutMs: 60_000, what: `${total} rejected events of ${tenant}` },
      );
    }
    await waitFor(
      () =>
        queryRows<{ n: number }>(
          warehouse,
          `SELECT count() AS n FROM ${warehouse.table("responses")} WHERE event_id LIKE 't-sec-%-accepted'`,
        ),
      (rows) => Number(rows[0]?.n) === 3,
      { timeoutMs: 60_000, what: "the three accepted answers stored" },
    );
    // Their texts too (the scan below would find nothing to look at otherwise).
    await waitFor(
      () => queryRows<{ n: number }>(warehouse, `SELECT count() AS n FROM ${warehouse.table("response_texts")}`),
      (rows) => Number(rows[0]?.n) === 3,
      { timeoutMs: 60_000, what: "the three accepted answers' texts stored" },
    );
    answers = await Promise.all(Object.values(TENANTS).map(rejected));
    deadLetters = (await readDeadLetters(kafkaFor(brokers))).map((record) => record.value);
  });

  afterAll(async () => {
    await Promise.all([single, kafkaNode, api].map((process) => process?.stop("SIGTERM")));
    await stopKafka(brokerName, { wipe: true });
    if (warehouse) await dropTestWarehouse(warehouse);
  });

  it("lists every refused event of each tenant in the API, by every reason, redacted", () => {
    const reasons = answers.map((body) =>
      (JSON.parse(body) as { counts: { reason: string }[] }).counts.map((row) => row.reason.split(":")[0]).sort(),
    );
    // Broken JSON too: its tenant is read from the text. Over HTTP forbidden twice (the key's tenant, the tool call's owner).
    const every = [...REJECTION_REASON_KINDS, "forbidden", "feedback_conflict"].sort();
    expect(reasons).toEqual([every, every, every]);
    for (const body of answers) {
      expect(body).toContain("[REDACTED]");
      expect(leakedShapes(body)).toEqual([]);
    }
  });

  it("stores no planted secret in any text column of any table", async () => {
    expect(await warehouseLeaks(warehouse)).toEqual([]);
  });

  it("puts no planted secret on the dead-letter topic", () => {
    // Each path's collector or worker dead-lettered its six malformed events (and the collector's forbidden one).
    expect(deadLetters.length).toBe(7 + 6);
    expect(deadLetters.flatMap(leakedShapes)).toEqual([]);
  });

  it("writes no planted secret to the logs of the collector, the worker or the API", () => {
    for (const process of [single, kafkaNode, api]) expect(leakedShapes(process.output())).toEqual([]);
  });
});
