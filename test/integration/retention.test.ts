import { addOutcome, runPipeline } from "@answerscope/ingest";
import {
  applyRetention,
  emptyFactBatch,
  writeFacts,
  evaluateOutcomes,
  loadPrivacyConfig,
  queryMetrics,
  queryRejected,
  queryRows,
  queryTools,
  runRetentionRound,
  sqlValue,
  TENANT_TABLE_NAMES,
  type TenantRetention,
  type Warehouse,
} from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateEdgeCaseDataset, type EdgeCaseDataset } from "../reference";
import { loadThroughSink } from "../src/load-through-sink";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

const TENANT = "t-acme";
const OTHER = "t-globex";
// The data set runs from 2026-11-28 22:00 to past 2026-12-01: a week's retention on 2026-12-07
// keeps from 2026-11-30 00:00 UTC, the middle of it.
const NOW_MS = Date.parse("2026-12-07T12:00:00Z");
const CUTOFF_MS = Date.parse("2026-11-30T00:00:00Z");
const CUTOFF = sqlValue(new Date(CUTOFF_MS));
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The test's own statement of which rows a retention removes, per table: its time before the
 * cutoff (tool calls whole, by their first event). Keyed like TENANT_TABLES: a table added there
 * fails the check below until it is stated here. Rows are counted by the table's sorting key
 * (signed tables: the keys whose signs do not sum to 0), which a background merge leaves as it is:
 * raw row counts of these engines shrink whenever a merge folds rows.
 */
const callBegunBefore = `tool_call_id IN (SELECT tool_call_id FROM {{events}} WHERE tenant_id = ${sqlValue(TENANT)} GROUP BY tool_call_id HAVING min(occurred_at) < ${CUTOFF})`;
const olderThanCutoff = (column: string) => `${column} < ${CUTOFF}`;
const METRICS_5M_KEY =
  "bucket, model, provider, channel, chat_type, session_type, language, user_segment, query_category, prompt_version, bot_version, tool_used";
const TABLES: Record<string, { old: string; key: string; signed?: true }> = {
  responses: { old: olderThanCutoff("occurred_at"), key: "response_id, event_id" },
  tool_call_events: { old: callBegunBefore, key: "tool_call_id, event_id" },
  feedback_events: { old: olderThanCutoff("occurred_at"), key: "target_id, event_id" },
  response_labels: { old: olderThanCutoff("occurred_at"), key: "response_id" },
  response_labels_by_time: { old: olderThanCutoff("occurred_at"), key: "occurred_at_ms, response_id" },
  external_outcome_labels: { old: olderThanCutoff("occurred_at"), key: "response_id, source, event_id" },
  langfuse_written_scores: { old: `written_at_ms < ${CUTOFF_MS}`, key: "response_id, name" },
  responses_by_session: { old: olderThanCutoff("occurred_at"), key: "session_id, response_id" },
  tool_calls_by_response: { old: callBegunBefore, key: "response_id, tool_call_id" },
  tool_call_firsts: { old: olderThanCutoff("first_at"), key: "first_at_ms, tool_call_id", signed: true },
  tool_call_states: {
    old: olderThanCutoff("first_at"),
    key: "first_at_ms, tool_call_id, status, tool_name, error_category, duration_ms",
    signed: true,
  },
  rejected_events: { old: olderThanCutoff("received_at"), key: "reason, dedup_key" },
  response_texts: { old: olderThanCutoff("occurred_at"), key: "response_id, event_id" },
  judge_scores: { old: olderThanCutoff("occurred_at"), key: "response_id, judged_at_ms" },
  metrics_5m: { old: olderThanCutoff("bucket"), key: METRICS_5M_KEY },
  metrics_1h_by_dimension: { old: olderThanCutoff("bucket"), key: "dimension, bucket, value" },
  outcomes_1h_by_dimension: { old: olderThanCutoff("bucket"), key: "dimension, bucket, value, prev_hour" },
  outcome_rollup_stale: { old: olderThanCutoff("bucket"), key: "bucket" },
};

/** The day boundary, planted: a second before the cutoff goes, the cutoff itself stays; a call begun before it goes whole. */
function boundaryEvents(dataset: EdgeCaseDataset) {
  const events = dataset.events as unknown as Record<string, unknown>[];
  const response = events.find((e) => e.tenant_id === TENANT && e.event_type === "response_completed")!;
  const call = events.find((e) => e.tenant_id === TENANT && e.event_type === "tool_call")!;
  const answer = (id: string, ms: number) => ({
    ...response,
    event_id: `ev-${id}`,
    response_id: id,
    session_id: `s-${id}`,
    occurred_at: iso(ms),
  });
  const callEvent = (id: string, status: string, ms: number) => ({
    ...call,
    event_id: `ev-${id}-${status}`,
    tool_call_id: id,
    status,
    occurred_at: iso(ms),
    ...(status === "started" ? {} : { duration_ms: 2000, error_category: undefined, error_message: undefined }),
  });
  return [
    answer("r-edge-before", CUTOFF_MS - 1000),
    answer("r-edge-at", CUTOFF_MS),
    callEvent("tc-edge-straddling", "started", CUTOFF_MS - 1000),
    callEvent("tc-edge-straddling", "completed", CUTOFF_MS + 1000),
    callEvent("tc-edge-after", "started", CUTOFF_MS),
    callEvent("tc-edge-after", "completed", CUTOFF_MS + 2000),
  ];
}

/** An event the contract refuses; its payload names a time, which retention does not read: refused events go by arrival. */
const refused = (id: string, occurredMs: number) => ({
  event_id: id,
  event_type: "response_completed",
  schema_version: 1,
  tenant_id: TENANT,
  occurred_at: iso(occurredMs),
});

/** The tenant's keys of `table` whose rows match `condition`. */
const count = async (w: Warehouse, table: string, condition: string) => {
  const { key, signed } = TABLES[table]!;
  const where = `tenant_id = ${sqlValue(TENANT)} AND ${condition.replaceAll("{{events}}", w.table("tool_call_events"))}`;
  const keys = `SELECT ${key} FROM ${w.table(table)} WHERE ${where} GROUP BY ${key} ${signed ? "HAVING sum(sign) != 0" : ""}`;
  return Number((await queryRows<{ n: number }>(w, `SELECT count() AS n FROM (${keys})`))[0]!.n);
};

/** The planted ids (`prefix`...) of the tenant left in `table`. */
const ids = async (w: Warehouse, table: string, column: string, prefix: string) =>
  (
    await queryRows<Record<string, string>>(
      w,
      `SELECT DISTINCT ${column} AS id FROM ${w.table(table)} WHERE tenant_id = ${sqlValue(TENANT)} AND startsWith(${column}, ${sqlValue(prefix)}) ORDER BY id`,
    )
  ).map((row) => row.id);

/** What the API answers from: the metrics (Phase 1 and 2), tools and refused events of a range. */
async function figures(w: Warehouse, tenantId: string, from: string, to: string) {
  const range = { tenantId, from, to };
  return {
    metrics: await queryMetrics(w, range),
    byModel: await queryMetrics(w, { ...range, groupBy: ["model"], bucket: "hour" }),
    tools: await queryTools(w, range),
  };
}

describe("retention per tenant", () => {
  let w: Warehouse;
  let dataset: EdgeCaseDataset;
  const config = loadPrivacyConfig({
    ANSWERSCOPE_PRIVACY: JSON.stringify({
      tenants: { [TENANT]: { retention_days: 7 }, [OTHER]: { query_text: "full" } },
    }),
  });
  let before: { old: Record<string, number>; young: Record<string, number> };
  let dryRun: TenantRetention[];
  let applied: TenantRetention[];
  let figuresBefore: { other: unknown; kept: unknown; rejectedOther: unknown };
  const oldCounts = async () =>
    Object.fromEntries(
      await Promise.all(Object.entries(TABLES).map(async ([t, { old }]) => [t, await count(w, t, old)])),
    );
  const youngCounts = async () =>
    Object.fromEntries(
      await Promise.all(Object.entries(TABLES).map(async ([t, { old }]) => [t, await count(w, t, `NOT (${old})`)])),
    );
  const otherAndKept = async () => ({
    other: await figures(w, OTHER, dataset.range.from, dataset.range.to),
    kept: await figures(w, TENANT, iso(CUTOFF_MS), dataset.range.to),
    rejectedOther: await queryRejected(w, { tenantId: OTHER, from: iso(CUTOFF_MS - 7 * 86_400_000), to: iso(NOW_MS) }),
  });

  beforeAll(async () => {
    dataset = generateEdgeCaseDataset(Number(process.env.REF_SEED ?? 42));
    ({ warehouse: w } = await createTestWarehouse("as_retention"));
    await loadThroughSink(w, [...dataset.events, ...boundaryEvents(dataset)]);
    // Refused events of both tenants, arriving 2 and 1 ms before the cutoff and at it (own
    // delivery keys: the data set's loads number theirs from test/0).
    const batch = emptyFactBatch();
    [
      refused("ev-refused-early", NOW_MS),
      { ...refused("ev-other-early", NOW_MS), tenant_id: OTHER },
      refused("ev-refused-at", CUTOFF_MS - 86_400_000),
    ].forEach((event, i) => {
      const source = `retention/${i}`;
      addOutcome(
        batch,
        runPipeline(JSON.stringify(event), { source, dedupKey: source, receivedAtMs: CUTOFF_MS - 2 + i }),
      );
    });
    await writeFacts(w, batch);
    await evaluateOutcomes(w, { settleMs: 0, now: NOW_MS });
    before = { old: await oldCounts(), young: await youngCounts() };
    figuresBefore = await otherAndKept();
    dryRun = await applyRetention(w, config, { apply: false, nowMs: NOW_MS });
    // The dry run deleted nothing.
    expect(await oldCounts()).toEqual(before.old);
    applied = await runRetentionRound(w, config, { nowMs: NOW_MS, lockTimeoutMs: 60_000, lockLeaseMs: 60_000 });
  });

  afterAll(async () => {
    await dropTestWarehouse(w);
  });

  it("states every table of TENANT_TABLES", () => {
    expect(Object.keys(TABLES).sort()).toEqual([...TENANT_TABLE_NAMES].sort());
  });

  it("removes the tenant's whole days older than its retention from every table, and counts them", async () => {
    for (const table of ["responses", "tool_call_events", "feedback_events", "response_labels", "metrics_5m"])
      expect(before.old[table], table).toBeGreaterThan(0);
    expect(await oldCounts()).toEqual(Object.fromEntries(Object.keys(TABLES).map((table) => [table, 0])));
    expect(applied.map((t) => [t.tenantId, t.retentionDays, t.keptFrom])).toEqual([[TENANT, 7, iso(CUTOFF_MS)]]);
    // The command counts raw rows, which a merge may fold between two counts: every table with
    // keys to delete has rows counted, in the dry run alike, and exactly the responses (one row
    // per event, nothing to fold).
    for (const table of Object.keys(TABLES).filter((t) => before.old[t]! > 0)) {
      expect(applied[0]!.rows[table as keyof TenantRetention["rows"]], table).toBeGreaterThan(0);
      expect(dryRun[0]!.rows[table as keyof TenantRetention["rows"]], table).toBeGreaterThan(0);
    }
    expect([applied[0]!.rows.responses, dryRun[0]!.rows.responses]).toEqual([
      before.old.responses,
      before.old.responses,
    ]);
  });

  it("keeps the tenant's younger rows and the figures of the days kept", async () => {
    expect(await youngCounts()).toEqual(before.young);
    expect(before.young.responses).toBeGreaterThan(0);
    const after = await otherAndKept();
    expect(after.kept).toEqual(figuresBefore.kept);
    // The days removed have no figures left.
    const removed = await queryMetrics(w, {
      tenantId: TENANT,
      from: dataset.range.from,
      to: iso(CUTOFF_MS),
    });
    expect(removed.rows[0]!.response_count).toBe(0);
  });

  it("leaves another tenant's rows and figures as they were", async () => {
    const after = await otherAndKept();
    expect(after.other).toEqual(figuresBefore.other);
    expect(after.rejectedOther).toEqual(figuresBefore.rejectedOther);
    expect(
      (figuresBefore.other as { metrics: { rows: { response_count: number }[] } }).metrics.rows[0]!.response_count,
    ).toBeGreaterThan(0);
  });

  it("cuts at the UTC day's start: a second before goes, the start stays; a call begun before it goes whole", async () => {
    expect(await ids(w, "responses", "response_id", "r-edge-")).toEqual(["r-edge-at"]);
    expect(await ids(w, "tool_call_events", "tool_call_id", "tc-edge-")).toEqual(["tc-edge-after"]);
  });

  it("removes refused events by their arrival, not by the time their payload names", async () => {
    expect(before.old.rejected_events).toBe(1);
    expect(await ids(w, "rejected_events", "event_id", "ev-refused-")).toEqual(["ev-refused-at"]);
  });

  it("finds nothing the second time", async () => {
    const again = await applyRetention(w, config, { apply: true, nowMs: NOW_MS });
    expect(Object.values(again[0]!.rows).every((n) => n === 0)).toBe(true);
  });
});
