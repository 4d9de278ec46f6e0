import { loadIngestConfig, startIngestService, type RunningService } from "@answerscope/ingest";
import {
  evaluateOutcomes,
  langfuseApi,
  loadLangfuseConfig,
  pullTenantFeedback,
  queryRows,
  sqlValue,
  type LangfuseConfig,
  type PullResult,
  type Warehouse,
} from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventBuilder } from "../reference";
import { startFakeLangfuse, type FakeLangfuse, type RecordedRequest } from "../src/fake-langfuse";
import { loadThroughSink } from "../src/load-through-sink";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

/**
 * Langfuse feedback read in (issue 47, part 3): a project's user-feedback scores, listed by the
 * stand-in for Langfuse (test/src/fake-langfuse.ts, following Langfuse's server route
 * web/src/pages/api/public/v3/scores/index.ts and GetScoresQueryV3: Basic auth, strict query,
 * name and timestamp filters, cursor pages; a score written again under its id keeps its
 * timestamp and gets a new updatedAt, as IngestionService's immutable score keys say), become
 * feedback_submitted events through the real collector into a real ClickHouse, and the real
 * evaluator counts them.
 */
const TENANT = "t-pull";
const KEYS = { publicKey: "pk-lf-pull", secretKey: "sk-lf-pull-secret" };
const INGEST_KEY = "ingest-key-pull-0123456789";
const b = new EventBuilder(TENANT, "2026-11-30T10:00:00.000Z", "lfp");
const NOW = Date.parse("2026-12-01T12:00:00.000Z");
const SETTLE_MS = 15 * 60_000;
const HOUR = 3_600_000;
const WINDOW_MS = 7 * 24 * HOUR;

let warehouse: Warehouse;
let collector: RunningService;
let langfuse: FakeLangfuse;
let config: LangfuseConfig;

const at = (iso: string) => ({ timestamp: iso });
const pull = (maxRetries = 0, now = NOW): Promise<PullResult> =>
  pullTenantFeedback(
    warehouse,
    config.tenants[0]!,
    langfuseApi(config.tenants[0]!, { maxRetries, timeoutSeconds: 10, concurrency: 1 }),
    {
      collectorUrl: `http://127.0.0.1:${collector.port}`,
      settleMs: SETTLE_MS,
      revisitWindowMs: WINDOW_MS,
      revisitIntervalMs: HOUR,
      pageSize: 1,
      now,
    },
  );
/** The requests of a pull that read from `fromMs` (the main read: from the mark; the revisit: the window before it). */
const readingFrom = (requests: RecordedRequest[], fromMs: number) =>
  requests.filter((r) => r.query.get("fromTimestamp") === new Date(fromMs).toISOString());
/** The feedback rows that came from Langfuse, per response: raw rows, so a duplicate would show; the rating is the latest. */
const langfuseFeedback = async () =>
  (
    await queryRows<{ target_id: string; user_id: string; rating: string; rows: number }>(
      warehouse,
      `SELECT target_id, any(user_id) AS user_id, argMax(rating, occurred_at) AS rating, count() AS rows FROM ${warehouse.table("feedback_events")}
       WHERE tenant_id = ${sqlValue(TENANT)} AND startsWith(event_id, 'langfuse-') GROUP BY target_id ORDER BY target_id`,
    )
  ).map((row) => ({ ...row, rows: Number(row.rows) }));
const labels = async () =>
  Object.fromEntries(
    (
      await queryRows<{ response_id: string; label: string; label_reason: string }>(
        warehouse,
        `SELECT response_id, label, label_reason FROM ${warehouse.table("response_labels")} FINAL WHERE tenant_id = ${sqlValue(TENANT)} AND response_id != 'r-late' ORDER BY response_id`,
      )
    ).map((row) => [row.response_id, `${row.label}/${row.label_reason}`]),
  );

beforeAll(async () => {
  const created = await createTestWarehouse("as_langfuse_pull");
  warehouse = created.warehouse;
  collector = await startIngestService(
    loadIngestConfig({ PORT: "0", MIGRATE_ON_START: "false", ANSWERSCOPE_KEYS: `ingest:${TENANT}:${INGEST_KEY}` }),
    warehouse,
  );
  langfuse = await startFakeLangfuse(KEYS);
  config = loadLangfuseConfig({
    LANGFUSE_TENANTS: JSON.stringify({
      tenants: [
        {
          tenant_id: TENANT,
          base_url: langfuse.url,
          public_key: KEYS.publicKey,
          secret_key: KEYS.secretKey,
          pull_score_names: ["user-feedback"],
          ingest_key: INGEST_KEY,
        },
      ],
    }),
  });
  await loadThroughSink(warehouse, [
    b.response("r1", 0, { session_id: "s1", user_id: "alice", trace_id: "tr-a" }),
    b.response("r2", 60, { session_id: "s2", user_id: "bob", trace_id: "tr-b" }),
    b.response("r3", 120, { session_id: "s3", user_id: "carol", trace_id: "tr-c" }),
    b.response("r-late", 7200, { session_id: "s4", user_id: "dave", trace_id: "tr-late" }),
  ]);
  const score = { dataType: "NUMERIC", source: "API" } as const;
  langfuse.addScores([
    // Langfuse's thumbs convention: 1 up, 0 down; one on the trace, one on an observation of it.
    { id: "lf-s1", traceId: "tr-a", name: "user-feedback", value: 0, ...score, ...at("2026-11-30T10:01:00.000Z") },
    {
      id: "lf-s2",
      traceId: "tr-b",
      observationId: "obs-b",
      name: "user-feedback",
      value: 1,
      ...score,
      ...at("2026-11-30T10:02:00.000Z"),
    },
    // A trace Answerscope has no response for: read, skipped.
    {
      id: "lf-s3",
      traceId: "tr-unknown",
      name: "user-feedback",
      value: 1,
      ...score,
      ...at("2026-11-30T10:03:00.000Z"),
    },
    // Another score name: not asked for.
    { id: "lf-s4", traceId: "tr-c", name: "helpfulness", value: 0, ...score, ...at("2026-11-30T10:04:00.000Z") },
    // Newer than now - settle: left for a later pass.
    {
      id: "lf-s5",
      traceId: "tr-c",
      name: "user-feedback",
      value: 0,
      ...score,
      ...at(new Date(NOW - 60_000).toISOString()),
    },
  ]);
}, 120_000);
afterAll(async () => {
  await collector?.stop();
  await langfuse?.close();
  if (warehouse) await dropTestWarehouse(warehouse);
});

describe("Langfuse feedback pull", () => {
  let firstPass: RecordedRequest[];
  beforeAll(async () => {
    // Page 1 (lf-s1) goes through, page 2 fails: the pass fails after sending lf-s1.
    langfuse.failAfter(1, { status: 500 });
    await expect(pull()).rejects.toThrow(/Langfuse score list failed: HTTP 500/);
    expect(await langfuseFeedback()).toEqual([{ target_id: "r1", user_id: "alice", rating: "down", rows: 1 }]);
    const from = langfuse.requests.length;
    // The first revisit reads the window before the new mark again: nothing in it has changed.
    expect(await pull()).toMatchObject({ read: 3, revisited: 3, skipped: 1, markMs: NOW - SETTLE_MS });
    firstPass = langfuse.requests.slice(from);
  });

  it("reads the named scores page by page, with Basic auth, in [mark, now - settle)", () => {
    expect(firstPass.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(
      Array(6).fill("GET /api/public/v3/scores 200"),
    );
    expect(readingFrom(firstPass, NOW - SETTLE_MS - WINDOW_MS).map((r) => r.query.get("toTimestamp"))).toEqual(
      Array(3).fill(new Date(NOW - SETTLE_MS).toISOString()),
    );
    const main = readingFrom(firstPass, 0);
    expect(main).toHaveLength(3);
    for (const r of firstPass) {
      expect(r.authorization).toBe(`Basic ${Buffer.from(`${KEYS.publicKey}:${KEYS.secretKey}`).toString("base64")}`);
      expect(Object.fromEntries([...r.query].filter(([k]) => k !== "cursor"))).toEqual({
        name: "user-feedback",
        fromTimestamp: r.query.get("fromTimestamp"),
        toTimestamp: new Date(NOW - SETTLE_MS).toISOString(),
        limit: "1",
        fields: "subject,details",
      });
    }
    expect(main.map((r) => r.query.get("cursor"))).toEqual([null, "1", "2"]);
  });

  it("sends each thumb as its trace's response owner's rating, once per score version, and the evaluator counts it", async () => {
    // lf-s1 was sent by both passes with the same event id: the collector kept one row.
    expect(await langfuseFeedback()).toEqual([
      { target_id: "r1", user_id: "alice", rating: "down", rows: 1 },
      { target_id: "r2", user_id: "bob", rating: "up", rows: 1 },
    ]);
    await evaluateOutcomes(warehouse, { settleMs: 0 });
    expect(await labels()).toEqual({
      r1: "bad/rated_down",
      r2: "excellent/rated_up_no_failed_tools",
      r3: "good/window_closed_no_followup",
    });
  });

  it("a later pass reads from the mark: nothing twice, and the newer score once settled", async () => {
    const from = langfuse.requests.length;
    expect(await pull()).toMatchObject({ read: 0 });
    expect(langfuse.requests.length).toBe(from);
    expect(await pull(0, NOW + 20 * 60_000)).toMatchObject({ read: 1, skipped: 0 });
    expect(langfuse.requests.slice(from).map((r) => r.query.get("fromTimestamp"))).toEqual([
      new Date(NOW - SETTLE_MS).toISOString(),
    ]);
    expect((await langfuseFeedback()).map((f) => `${f.target_id}:${f.rating}:${f.rows}`)).toEqual([
      "r1:down:1",
      "r2:up:1",
      "r3:down:1",
    ]);
  });

  it("a thumb flipped later in Langfuse (same score id, new value, its timestamp kept) becomes the owner's new current rating, once", async () => {
    // bob turns his thumb on r2 down an hour after the pulls above read it up.
    langfuse.updateScore("lf-s2", 0, new Date(NOW + HOUR).toISOString());
    const from = langfuse.requests.length;
    // The main read has nothing new (the score's timestamp is the old one); the revisit, due after an hour, finds the change.
    const later = NOW + 2 * HOUR;
    expect(await pull(0, later)).toMatchObject({ read: 0, revisited: 4, sent: 1, markMs: later - SETTLE_MS });
    expect(readingFrom(langfuse.requests.slice(from), later - SETTLE_MS - WINDOW_MS)).toHaveLength(4);
    expect(await langfuseFeedback()).toEqual([
      { target_id: "r1", user_id: "alice", rating: "down", rows: 1 },
      { target_id: "r2", user_id: "bob", rating: "down", rows: 2 },
      { target_id: "r3", user_id: "carol", rating: "down", rows: 1 },
    ]);
    await evaluateOutcomes(warehouse, { settleMs: 0 });
    expect((await labels()).r2).toBe("bad/rated_down");
    // The next revisit sends only what changed since this one could see: nothing.
    expect(await pull(0, later + 2 * HOUR)).toMatchObject({ revisited: 4, sent: 0 });
    expect((await langfuseFeedback()).find((f) => f.target_id === "r2")).toMatchObject({ rating: "down", rows: 2 });
  });
});
