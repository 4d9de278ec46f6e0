import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DemoTransport } from "@answerscope/demo";
import { importVikingbot, openTransport, type MappingContext } from "@answerscope/importer";
import { loadIngestConfig, startIngestService, type RunningService } from "@answerscope/ingest";
import { createWarehouse, evaluateOutcomes, queryRows, sqlValue, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  C5_REEVALUATED,
  CAROL_FILE,
  carolLines,
  writeAgreementFixtures,
} from "@answerscope/importer/testing/agreement-fixtures";
import { TIME_ZONE } from "@answerscope/importer/testing/vikingbot-fixtures";
import { sessionText } from "@answerscope/importer/testing/vikingbot-lines";
import { startTestApi, type TestApi } from "../src/api-server";
import { startTestIngest, type TestIngest } from "../src/test-ingest";
import { startKafka, stopKafka, waitFor } from "@answerscope/test-kit";
import { createTestWarehouse, dedupedCounts, dropTestWarehouse } from "../src/warehouse";

const TENANT = "vbagree";
const OTHER_TENANT = "vbother";
const INGEST_KEY = "vbagree-ingest-key-0000001";
const READ_KEY = "vbagree-read-key-00000001";
const OTHER_READ_KEY = "vbother-read-key-00000001";
const RANGE = "from=2026-08-20T00:00:00Z&to=2026-08-21T00:00:00Z";
const context: MappingContext = { tenantId: TENANT, timeZone: TIME_ZONE, model: "unknown", provider: "unknown" };

/**
 * What the fixtures (importer/src/testing/agreement-fixtures.ts) imply, worked out by hand from
 * docs/metrics.md and the mapping of the label-agreement route (UTC = local - 8 h):
 * - Answerscope: c1 bad (rated up, but its follow-up c2 two minutes later says "that's wrong": a
 *   re-ask wins over the rating); c2 neutral (follow-up c3 after 3 min, no re-ask phrase); c3 good
 *   (next answer 35 min later: no follow-up, window closed); c4 bad (thumb_down); c5 good (no
 *   follow-up, closed by the newest event, d3's rating at 04:45Z); d1 bad (follow-up d2 "Try again":
 *   the re-ask wins over its neutral rating, a score of 0);
 *   d2 good; d3 excellent (thumb_up, no tools); d4 pending (04:44Z, window open at 04:45Z).
 * - vikingbot (as its file says): c1 positive_feedback, c2 reasked, c3 follow_up_without_feedback,
 *   c4 negative_feedback, c5 reasked then re-evaluated as resolved, d1 reasked, d2 follow_up,
 *   d3 none, d4 resolved, and r_ghost (no facts) negative_feedback.
 * - Compared (both final, label mapped): c1 ✗ (bad ∉ {excellent, good}), c2 ✓ (neutral ∈ {bad,
 *   neutral}), c3 ✓, c4 ✓, c5 ✓ as resolved (good) / ✗ as reasked, d1 ✓ (bad ∈ {bad, neutral}) →
 *   5 of 6 after the re-evaluation, 4 of 6 before. d2 (follow_up) is not compared; d3 is labelled
 *   by Answerscope only, d4 by vikingbot only; r_ghost has no response.
 */
const EXPECTED_CELLS = [
  { answerscope_label: "good", external_label: "follow_up", count: 1, agrees: null },
  { answerscope_label: "good", external_label: "follow_up_without_feedback", count: 1, agrees: true },
  { answerscope_label: "good", external_label: "resolved", count: 1, agrees: true },
  { answerscope_label: "neutral", external_label: "reasked", count: 1, agrees: true },
  { answerscope_label: "bad", external_label: "negative_feedback", count: 1, agrees: true },
  { answerscope_label: "bad", external_label: "positive_feedback", count: 1, agrees: false },
  { answerscope_label: "bad", external_label: "reasked", count: 1, agrees: true },
  { answerscope_label: "pending", external_label: "resolved", count: 1, agrees: null },
];

describe("label agreement: vikingbot's own labels beside Answerscope's, imported into the single-node stack", () => {
  let warehouse: Warehouse;
  let service: RunningService;
  let transport: DemoTransport;
  let api: TestApi;
  let directory: string;

  const agreement = async (query = "") => {
    await evaluateOutcomes(warehouse, { settleMs: 0, now: Date.now(), tenantId: TENANT });
    return api.get(`/api/v1/label-agreement?${RANGE}&source=vikingbot${query}`, READ_KEY);
  };
  const storedLabels = () =>
    queryRows<{ n: number }>(
      warehouse,
      `SELECT count() AS n FROM ${warehouse.table("external_outcome_labels")} WHERE tenant_id = ${sqlValue(TENANT)}`,
    ).then(([row]) => Number(row?.n));

  beforeAll(async () => {
    const created = await createTestWarehouse("as_agreement");
    warehouse = created.warehouse;
    service = await startIngestService(
      loadIngestConfig({ ...created.env, PORT: "0", ANSWERSCOPE_KEYS: `ingest:${TENANT}:${INGEST_KEY}` }),
    );
    transport = await openTransport(
      { kind: "collector", url: `http://127.0.0.1:${service.port}`, ingestKey: INGEST_KEY },
      TENANT,
    );
    api = await startTestApi({
      warehouse,
      keys: [
        { key: READ_KEY, tenant_id: TENANT, kind: "read" },
        { key: OTHER_READ_KEY, tenant_id: OTHER_TENANT, kind: "read" },
      ],
    });
    directory = await mkdtemp(join(tmpdir(), "vikingbot-agreement-"));
    await writeAgreementFixtures(directory);
  });

  afterAll(async () => {
    await api?.close();
    await transport?.close();
    await service?.stop();
    if (warehouse) await dropTestWarehouse(warehouse);
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it("imports vikingbot's labels as events of their own, and adds nothing when imported again", async () => {
    const report = await importVikingbot({ directory, context, transport, statePath: null });
    expect(report.failure).toBeUndefined();
    expect(report.sentByKind).toEqual({
      response_completed: 9,
      tool_call: 0,
      feedback_submitted: 4,
      external_outcome_recorded: 9,
    });
    expect({
      accepted: report.accepted,
      rejected: report.rejectedByReason.size,
      unscored: report.unscoredRatings,
    }).toEqual({ accepted: 22, rejected: 0, unscored: 0 });
    expect(await storedLabels()).toBe(9);
    const again = await importVikingbot({ directory, context, transport, statePath: null });
    expect(again.sentByKind.external_outcome_recorded).toBe(9);
    expect(await storedLabels()).toBe(9);
  });

  it("stores the label at vikingbot's evaluation time read in the bot's zone, with its evidence", async () => {
    const rows = await queryRows<{ source: string; label: string; occurred_at_ms: number; evidence_json: string }>(
      warehouse,
      `SELECT source, label, occurred_at_ms, evidence_json FROM ${warehouse.table("external_outcome_labels")} WHERE tenant_id = ${sqlValue(TENANT)} AND response_id = 'c1'`,
    );
    expect(
      rows.map((row) => ({
        ...row,
        occurred_at_ms: Number(row.occurred_at_ms),
        evidence: JSON.parse(row.evidence_json),
      })),
    ).toEqual([
      {
        source: "vikingbot",
        label: "positive_feedback",
        occurred_at_ms: Date.UTC(2026, 7, 20, 2, 10),
        evidence_json: expect.any(String),
        evidence: expect.objectContaining({ feedback_type: "thumb_up", reask_within_10m: true }),
      },
    ]);
  });

  it("answers the matrix and the agreement the fixtures imply, before vikingbot re-evaluates c5", async () => {
    const { status, body } = await agreement();
    expect(status).toBe(200);
    expect(body).toMatchObject({
      source: "vikingbot",
      mapping_known: true,
      responses: 9,
      compared: 6,
      agreeing: 4,
      agreement_rate: 4 / 6,
    });
    expect(body.cells).toContainEqual({
      answerscope_label: "good",
      external_label: "reasked",
      count: 1,
      agrees: false,
    });
    expect(
      body.by_external_label.find((row: { external_label: string }) => row.external_label === "reasked"),
    ).toMatchObject({ labelled: 3, compared: 3, agreeing: 2 });
  });

  it("lets a re-evaluation replace the older label (latest evaluation wins)", async () => {
    await writeFile(join(directory, CAROL_FILE), sessionText(carolLines(C5_REEVALUATED)));
    const report = await importVikingbot({ directory, context, transport, statePath: null });
    expect(report.sentByKind.external_outcome_recorded).toBe(9);
    // Both evaluations of c5 are kept; reads take the later one.
    expect(await storedLabels()).toBe(10);

    const { status, body } = await agreement();
    expect(status).toBe(200);
    expect(body.cells).toEqual(EXPECTED_CELLS);
    expect(body).toMatchObject({
      compared: 6,
      agreeing: 5,
      agreement_rate: 5 / 6,
      not_compared: 1,
      responses: 9,
      only_answerscope: 1,
      only_external: 1,
      neither: 0,
      external_without_response: 1,
    });
    expect(body.agreement_ci_low).toBeLessThan(5 / 6);
    expect(body.agreement_ci_high).toBeGreaterThan(5 / 6);
    expect(body.by_external_label).toEqual([
      {
        external_label: "follow_up",
        agreeing_labels: null,
        meaning: null,
        labelled: 1,
        compared: 0,
        agreeing: 0,
        agreement_rate: null,
      },
      expect.objectContaining({
        external_label: "follow_up_without_feedback",
        agreeing_labels: ["good"],
        labelled: 1,
        compared: 1,
        agreeing: 1,
        agreement_rate: 1,
      }),
      expect.objectContaining({
        external_label: "negative_feedback",
        agreeing_labels: ["bad"],
        labelled: 1,
        compared: 1,
        agreeing: 1,
        agreement_rate: 1,
      }),
      expect.objectContaining({
        external_label: "positive_feedback",
        agreeing_labels: ["excellent", "good"],
        labelled: 1,
        compared: 1,
        agreeing: 0,
        agreement_rate: 0,
      }),
      expect.objectContaining({
        external_label: "reasked",
        agreeing_labels: ["bad", "neutral"],
        labelled: 2,
        compared: 2,
        agreeing: 2,
        agreement_rate: 1,
      }),
      expect.objectContaining({
        external_label: "resolved",
        agreeing_labels: ["good"],
        labelled: 2,
        compared: 1,
        agreeing: 1,
        agreement_rate: 1,
      }),
    ]);
  });

  it("lists the responses behind a cell, newest first", async () => {
    const samples = async (cell: string) =>
      (await api.get(`/api/v1/label-agreement/samples?${RANGE}&source=vikingbot&${cell}`, READ_KEY)).body.samples;
    expect(await samples("answerscope_label=bad&external_label=positive_feedback")).toEqual([
      {
        response_id: "c1",
        occurred_at: "2026-08-20T02:00:00.000Z",
        answerscope_label: "bad",
        label_reason: "reask_followup",
        external_label: "positive_feedback",
        external_evaluated_at: "2026-08-20T02:10:00.000Z",
      },
    ]);
    expect(
      (await samples("answerscope_label=bad&external_label=reasked")).map(
        (row: { response_id: string }) => row.response_id,
      ),
    ).toEqual(["d1"]);
    expect(
      (await samples("answerscope_label=pending&external_label=resolved")).map(
        (row: { response_id: string }) => row.response_id,
      ),
    ).toEqual(["d4"]);
    expect(await samples("answerscope_label=good&external_label=reasked")).toEqual([]);
    expect(
      (
        await api.get(
          `/api/v1/label-agreement/samples?${RANGE}&source=vikingbot&answerscope_label=great&external_label=x`,
          READ_KEY,
        )
      ).status,
    ).toBe(400);
  });

  it("keeps the later evaluation when an older one arrives after it", async () => {
    const [late] = (await importVikingbotEvents()).filter((event) => event.response_id === "c5");
    const older = {
      ...late!,
      event_id: "vbo_late_older_copy",
      occurred_at: "2026-08-20T03:31:00.000Z",
      label: "reasked",
    };
    expect(
      await transport.send([
        {
          kind: "external_outcome_recorded",
          key: "c5",
          value: JSON.stringify(older),
          malformed: false,
          tenantId: TENANT,
          occurredAtMs: Date.parse(older.occurred_at),
        },
      ]),
    ).toEqual({ accepted: 1, rejected: [] });
    expect((await agreement()).body).toMatchObject({ compared: 6, agreeing: 5 });
  });

  it("applies dimension filters like the metrics route, and leaves labels without a response out then", async () => {
    const { body } = await agreement("&channel=feishu__cli_abc");
    expect(body).toMatchObject({
      responses: 5,
      compared: 5,
      agreeing: 4,
      only_answerscope: 0,
      only_external: 0,
      external_without_response: null,
    });
  });

  it("shows one tenant nothing of another's labels, names a bad parameter, and says 503 when the warehouse is down", async () => {
    expect((await api.get(`/api/v1/label-agreement?${RANGE}&source=vikingbot`, OTHER_READ_KEY)).body).toMatchObject({
      responses: 0,
      compared: 0,
      agreement_rate: null,
      external_without_response: 0,
      cells: [],
    });
    const missing = await api.get(`/api/v1/label-agreement?${RANGE}`, READ_KEY);
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/source/);
    const upper = await api.get(`/api/v1/label-agreement?${RANGE}&source=Viking%20Bot`, READ_KEY);
    expect({ status: upper.status, names: /source/.test(upper.body.error.message) }).toEqual({
      status: 400,
      names: true,
    });
    expect(
      (await api.get(`/api/v1/label-agreement?${RANGE}&source=vikingbot&tenant_id=${OTHER_TENANT}`, READ_KEY)).status,
    ).toBe(403);

    const down = createWarehouse({
      url: "http://127.0.0.1:9",
      database: warehouse.target.database,
      requestTimeoutMs: 2000,
    });
    const downApi = await startTestApi({ warehouse: down, keys: [{ key: READ_KEY, tenant_id: TENANT, kind: "read" }] });
    try {
      const answer = await downApi.get(`/api/v1/label-agreement?${RANGE}&source=vikingbot`, READ_KEY);
      expect({ status: answer.status, code: answer.body.error.code }).toEqual({ status: 503, code: "unavailable" });
    } finally {
      await downApi.close();
      await down.close();
    }
  });

  /** The label events the importer derives from the current files (to build a late, older copy of one). */
  async function importVikingbotEvents() {
    const sent: { response_id: string; [field: string]: unknown }[] = [];
    const recorder: DemoTransport = {
      description: "recorder",
      async send(batch) {
        for (const message of batch)
          if (message.kind === "external_outcome_recorded") sent.push(JSON.parse(message.value));
        return { accepted: batch.length, rejected: [] };
      },
      close: async () => {},
    };
    await importVikingbot({ directory, context, transport: recorder, statePath: null });
    return sent;
  }
});

describe("vikingbot's labels through Kafka", () => {
  const BROKER = "it-kafka-agreement";
  let created: Awaited<ReturnType<typeof createTestWarehouse>>;
  let worker: TestIngest;
  let transport: DemoTransport;
  let directory: string;

  beforeAll(async () => {
    created = await createTestWarehouse("as_agreement_kafka");
    const { brokers } = await startKafka({ name: BROKER, partitions: 2 });
    worker = await startTestIngest({
      ...created.env,
      KAFKA_BROKERS: brokers,
      KAFKA_GROUP_ID: "agreement",
      RUN_COLLECTOR: "off",
      INGEST_BATCH_MAX_WAIT_MS: "100",
    });
    transport = await openTransport({ kind: "kafka", brokers: brokers.split(",") }, TENANT);
    directory = await mkdtemp(join(tmpdir(), "vikingbot-agreement-kafka-"));
    await writeAgreementFixtures(directory);
  });

  afterAll(async () => {
    await transport?.close();
    await worker?.stop();
    await stopKafka(BROKER, { wipe: true });
    if (created) await dropTestWarehouse(created.warehouse);
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it("are consumed from their own topic by the worker, and an invalid one is dead-lettered with its reason", async () => {
    const report = await importVikingbot({ directory, context, transport, statePath: null });
    expect(report.failure).toBeUndefined();
    expect(report.sentByKind.external_outcome_recorded).toBe(9);
    const invalid = {
      event_id: "bad-source",
      event_type: "external_outcome_recorded",
      schema_version: 1,
      tenant_id: TENANT,
      occurred_at: "2026-08-20T04:00:00Z",
      response_id: "c1",
      source: "Viking Bot",
      label: "resolved",
    };
    await transport.send([
      {
        kind: "external_outcome_recorded",
        key: "c1",
        value: JSON.stringify(invalid),
        malformed: true,
        tenantId: TENANT,
        occurredAtMs: Date.parse(invalid.occurred_at),
      },
    ]);

    const w = created.warehouse;
    const stored = () =>
      queryRows<{ n: number }>(
        w,
        `SELECT count() AS n FROM ${w.table("external_outcome_labels")} WHERE tenant_id = ${sqlValue(TENANT)}`,
      ).then(([row]) => Number(row?.n));
    await waitFor(stored, (n) => n === 9, { timeoutMs: 60_000, what: "9 labels stored by the worker" });
    await waitFor(
      () => dedupedCounts(w, TENANT),
      (counts) => counts.rejected === 1,
      { timeoutMs: 60_000, what: "the invalid label dead-lettered" },
    );
    const [rejection] = await queryRows<{ reason: string; event_type: string }>(
      w,
      `SELECT reason, event_type FROM ${w.table("rejected_events")} WHERE tenant_id = ${sqlValue(TENANT)}`,
    );
    expect(rejection).toEqual({ reason: "invalid_field:source", event_type: "external_outcome_recorded" });
  });
});
