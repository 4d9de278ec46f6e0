import { isReask } from "@answerscope/contracts";
import {
  currentLabelsSql,
  evaluateOutcomes,
  joinUsing,
  labelReasonSql,
  labelSql,
  labelsInRangeSql,
  queryMetrics,
  queryRows,
  reaskMatchSql,
  sqlValue,
  startOutcomeEvaluator,
  type EvaluateOutcomesResult,
  type Warehouse,
} from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  allScenarios,
  decideLabel,
  EventBuilder,
  generateEdgeCaseDataset,
  referenceLabels,
  scenario as scenarios,
  type RawEvent,
  type Scenario,
} from "../reference";
import { loadRawEvents } from "../src/load-events";
import { loadThroughSink } from "../src/load-through-sink";
import { expectReferenceLabels, REFERENCE_OPTIONS, storedLabels, type LabelRow } from "../src/outcome-labels";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

const SETTLE_MS = 60_000;

/**
 * response_labels_by_time over all time holds exactly the current label rows of response_labels,
 * each at its response's current time: a response that moved keeps no row at its old time.
 */
async function expectLabelsByTimeMatch(warehouse: Warehouse, tenantId: string): Promise<void> {
  const byId = await storedLabels(warehouse, tenantId);
  const rows = await queryRows<LabelRow>(
    warehouse,
    `SELECT * FROM (${labelsInRangeSql(warehouse, { tenantId, fromMs: 0, toMs: 4_102_444_800_000 })})`,
  );
  expect(rows.map((row) => row.response_id).sort()).toEqual([...byId.keys()].sort());
  for (const row of rows)
    expect({ id: row.response_id, label: row.label, at: Number(row.occurred_at_ms) }).toEqual({
      id: row.response_id,
      label: byId.get(row.response_id)!.label,
      at: Number(byId.get(row.response_id)!.occurred_at_ms),
    });
}

describe("outcome evaluator on the edge-case data set", () => {
  let warehouse: Warehouse;
  const dataset = generateEdgeCaseDataset(Number(process.env.REF_SEED ?? 1));

  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_outcomes"));
    await loadRawEvents(warehouse, dataset.events);
  });
  afterAll(() => dropTestWarehouse(warehouse));

  it("labels every response exactly as the reference does", async () => {
    const run = await evaluateOutcomes(warehouse);
    console.info(
      `outcome evaluator, full data set: ${run.candidates} responses, ${run.written} rows written in ${run.durationMs} ms`,
    );
    expect(run.tenants).toBe(dataset.tenants.length);
    expect(run.written).toBe(run.candidates);
    for (const tenant of dataset.tenants) await expectReferenceLabels(warehouse, dataset.events, tenant);
    // Every label occurs, so each rule is exercised on the data set.
    const labels = new Set<string>();
    for (const tenant of dataset.tenants)
      for (const row of (await storedLabels(warehouse, tenant)).values()) labels.add(row.label);
    expect(labels).toEqual(new Set(["excellent", "good", "neutral", "bad", "failed", "pending"]));
  });

  it("copies the current response's values into the label row", async () => {
    const rows = await queryRows<{ n: number }>(
      warehouse,
      `SELECT count() AS n FROM ${joinUsing(
        `SELECT * FROM ${warehouse.table("response_labels")}`,
        "ANY INNER",
        `SELECT tenant_id, response_id, occurred_at_ms AS r_at, model AS r_model, session_id AS r_session, if(tool_count > 0, 'yes', 'no') AS r_tool_used
          FROM (SELECT * FROM ${warehouse.table("responses")} ORDER BY occurred_at_ms DESC, event_id DESC LIMIT 1 BY tenant_id, response_id)`,
        ["tenant_id", "response_id"],
      )}
       WHERE occurred_at_ms != r_at OR model != r_model OR session_id != r_session OR tool_used != r_tool_used`,
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it("writes nothing when nothing changed", async () => {
    const run = await evaluateOutcomes(warehouse);
    expect(run.written).toBe(0);
  });
});

describe("outcome evaluator, incremental", () => {
  let warehouse: Warehouse;
  const dataset = generateEdgeCaseDataset(Number(process.env.REF_SEED ?? 1));

  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_outcomes_inc"));
  });
  afterAll(() => dropTestWarehouse(warehouse));

  it("gives the reference's labels after two halves, re-evaluating only what changed", async () => {
    const half = Math.floor(dataset.events.length / 2);
    const first = dataset.events.slice(0, half);
    const second = dataset.events.slice(half);
    const base = Date.now() - 10 * 3_600_000;

    const load1 = await loadRawEvents(warehouse, first, { firstIngestedAtMs: base });
    const run1 = await evaluateOutcomes(warehouse, { now: load1.lastIngestedAtMs + SETTLE_MS, settleMs: SETTLE_MS });
    for (const tenant of dataset.tenants) await expectReferenceLabels(warehouse, first, tenant);

    const load2 = await loadRawEvents(warehouse, second, { firstIngestedAtMs: load1.lastIngestedAtMs + 3_600_000 });
    const run2 = await evaluateOutcomes(warehouse, { now: load2.lastIngestedAtMs + SETTLE_MS, settleMs: SETTLE_MS });
    for (const tenant of dataset.tenants) await expectReferenceLabels(warehouse, dataset.events, tenant);
    for (const tenant of dataset.tenants) await expectLabelsByTimeMatch(warehouse, tenant);

    const total = dataset.tenants.reduce(
      (sum, tenant) => sum + referenceLabels(dataset.events, tenant, REFERENCE_OPTIONS).size,
      0,
    );
    console.info(
      `incremental: run 1 evaluated ${run1.candidates}, run 2 evaluated ${run2.candidates} of ${total} responses (${run2.written} written)`,
    );
    expect(run2.candidates).toBeGreaterThan(0);
    expect(run2.candidates).toBeLessThan(total);
  });

  it("a run with small chunks gives the same labels as one chunk", async () => {
    // Lower the watermark so everything is re-evaluated, in chunks of 100.
    for (const tenant of dataset.tenants) {
      await warehouse.client.command({
        query: `INSERT INTO ${warehouse.table("outcome_watermarks")} (tenant_id, watermark_ms, updated_at_ms) VALUES (${sqlValue(tenant)}, 0, ${Date.now() + 10 * 3_600_000})`,
      });
    }
    const run = await evaluateOutcomes(warehouse, { chunkSize: 100, now: Date.now() + 11 * 3_600_000 });
    expect(run.written).toBe(0);
    expect(run.candidates).toBeGreaterThan(100);
  });
});

describe("labels by time when a response moves", () => {
  let warehouse: Warehouse;
  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_outcomes_move"));
  });
  afterAll(() => dropTestWarehouse(warehouse));

  it("retracts the old time's row, so a range read finds the response only at its new time", async () => {
    const e = new EventBuilder("t-move");
    const hour = (index: number) => ({
      tenantId: "t-move",
      fromMs: e.baseMs + index * 3_600_000,
      toMs: e.baseMs + (index + 1) * 3_600_000,
    });
    const inHour = async (index: number) =>
      (
        await queryRows<{ response_id: string; label: string }>(
          warehouse,
          `SELECT response_id, label FROM (${labelsInRangeSql(warehouse, hour(index))}) ORDER BY response_id`,
        )
      ).map((row) => row.response_id);
    const base = Date.now() - 5 * 3_600_000;
    const first = await loadRawEvents(warehouse, [e.response("r-moving", 60), e.response("r-staying", 120)], {
      firstIngestedAtMs: base,
    });
    await evaluateOutcomes(warehouse, { now: first.lastIngestedAtMs + SETTLE_MS, settleMs: SETTLE_MS });
    expect(await inHour(0)).toEqual(["r-moving", "r-staying"]);

    // A corrected version of r-moving, two hours later.
    const second = await loadRawEvents(warehouse, [e.response("r-moving", 2 * 3600 + 60)], {
      firstIngestedAtMs: first.lastIngestedAtMs + 3_600_000,
    });
    await evaluateOutcomes(warehouse, { now: second.lastIngestedAtMs + SETTLE_MS, settleMs: SETTLE_MS });
    expect(await inHour(0)).toEqual(["r-staying"]);
    expect(await inHour(2)).toEqual(["r-moving"]);
    const retracted = await queryRows<{ n: number }>(
      warehouse,
      `SELECT count() AS n FROM ${warehouse.table("response_labels_by_time")} WHERE retracted = 1`,
    );
    expect(Number(retracted[0]!.n)).toBe(1);
    await expectLabelsByTimeMatch(warehouse, "t-move");
  });
});

describe("open windows closed by later events (migration 0015)", () => {
  let warehouse: Warehouse;
  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_outcomes_windows"));
  });
  afterAll(() => dropTestWarehouse(warehouse));

  const labelsOf = async (tenantId: string) =>
    new Map(
      [...(await storedLabels(warehouse, tenantId))].map(([id, row]) => [
        id,
        `${row.label}/${Number(row.window_closed)}`,
      ]),
    );
  const storedMaxOccurred = async (tenantId: string) =>
    Number(
      (
        await queryRows<{ o: number }>(
          warehouse,
          `SELECT argMax(max_occurred_at_ms, updated_at_ms) AS o FROM ${warehouse.table("outcome_watermarks")} WHERE tenant_id = ${sqlValue(tenantId)}`,
        )
      )[0]?.o,
    );

  /**
   * Three single-response sessions: at 0 s, at 700 s and at 1,000 s (the newest). After the first
   * run the last two windows are open (600 s not yet passed); a response at 1,400 s in a fourth
   * session closes the one at 700 s (700 s ago) but not the one at 1,000 s.
   */
  async function story(tenantId: string, beforeSecondRun?: () => Promise<void>) {
    const e = new EventBuilder(tenantId);
    const base = Date.now() - 5 * 3_600_000;
    const first = await loadRawEvents(
      warehouse,
      [
        e.response("r-old", 0, { session_id: "s-a" }),
        e.response("r-mid", 700, { session_id: "s-b" }),
        e.response("r-new", 1000, { session_id: "s-c" }),
      ],
      { firstIngestedAtMs: base },
    );
    await evaluateOutcomes(warehouse, { now: first.lastIngestedAtMs + SETTLE_MS, settleMs: SETTLE_MS });
    const afterFirst = await labelsOf(tenantId);
    const maxAfterFirst = await storedMaxOccurred(tenantId);
    await beforeSecondRun?.();
    const second = await loadRawEvents(warehouse, [e.response("r-later", 1400, { session_id: "s-d" })], {
      firstIngestedAtMs: first.lastIngestedAtMs + 3_600_000,
    });
    const run = await evaluateOutcomes(warehouse, { now: second.lastIngestedAtMs + SETTLE_MS, settleMs: SETTLE_MS });
    return { e, afterFirst, maxAfterFirst, afterSecond: await labelsOf(tenantId), run };
  }

  it("a run stores the newest occurred_at it saw, and the next closes every window it passed, reading labels from there on", async () => {
    const { e, afterFirst, maxAfterFirst, afterSecond, run } = await story("t-windows");
    expect(maxAfterFirst).toBe(e.baseMs + 1_000_000);
    expect(afterFirst).toEqual(
      new Map([
        ["r-old", "good/1"],
        ["r-mid", "pending/0"],
        ["r-new", "pending/0"],
      ]),
    );
    // r-mid occurred 300 s before the first run's newest event: inside the range the second run reads.
    expect(afterSecond).toEqual(
      new Map([
        ["r-old", "good/1"],
        ["r-mid", "good/1"],
        ["r-new", "pending/0"],
        ["r-later", "pending/0"],
      ]),
    );
    expect(run.candidates).toBe(2); // r-later (new) and r-mid (closed); r-new is still open
    expect(await storedMaxOccurred("t-windows")).toBe(e.baseMs + 1_400_000);
  });

  it("after a watermark written before 0015 (no newest occurred_at), the next run looks at every label row", async () => {
    const { afterSecond } = await story("t-windows-old", async () => {
      await warehouse.client.command({
        query: `INSERT INTO ${warehouse.table("outcome_watermarks")} (tenant_id, watermark_ms, updated_at_ms)
          SELECT tenant_id, argMax(watermark_ms, updated_at_ms), max(updated_at_ms) + 1 FROM ${warehouse.table("outcome_watermarks")} WHERE tenant_id = 't-windows-old' GROUP BY tenant_id`,
      });
      expect(await storedMaxOccurred("t-windows-old")).toBe(0);
    });
    expect(afterSecond.get("r-mid")).toBe("good/1");
  });
});

describe("tool-call counts on label rows (migration 0011)", () => {
  let warehouse: Warehouse;
  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_outcomes_tools"));
  });
  afterAll(() => dropTestWarehouse(warehouse));

  it("follow the calls' later events, and feed the tool figures of rows with dimensions", async () => {
    const e = new EventBuilder("t-tools");
    const range = { tenantId: "t-tools", from: e.at(0), to: e.at(3600) };
    const byModel = async () => (await queryMetrics(warehouse, { ...range, groupBy: ["model"] })).rows[0]!;
    const base = Date.now() - 5 * 3_600_000;
    // Through the sink, which knows the stored first time of a call across batches.
    // tc-early's first event lies before the range; its response does not.
    const firstDone = await loadThroughSink(
      warehouse,
      [
        e.response("r1", 60, { tool_count: 3 }),
        e.tool("tc-a", "started", 50, { response_id: "r1" }),
        e.tool("tc-b", "started", 51, { response_id: "r1" }),
        e.tool("tc-early", "started", -30, { response_id: "r1" }),
      ],
      250,
      { receivedAtMs: base },
    );
    await evaluateOutcomes(warehouse, { now: firstDone + SETTLE_MS, settleMs: SETTLE_MS });
    expect(await byModel()).toMatchObject({ tool_success_rate: null, tool_calls_unfinished: 3 });

    const secondDone = await loadThroughSink(
      warehouse,
      [
        e.tool("tc-a", "completed", 55, { response_id: "r1" }),
        e.tool("tc-b", "failed", 56, { response_id: "r1" }),
        e.tool("tc-early", "completed", 40, { response_id: "r1" }),
      ],
      250,
      { receivedAtMs: firstDone + 1_000 },
    );
    await evaluateOutcomes(warehouse, { now: secondDone + SETTLE_MS, settleMs: SETTLE_MS });
    const row = await byModel();
    expect(row).toMatchObject({ dims: { model: "m1" }, tool_success_rate: 2 / 3, tool_calls_unfinished: 0 });
    expect(row.sample_sizes.tool_success_rate).toBe(3);
    // Without dimensions a call counts by its own time: tc-early is outside the range.
    expect((await queryMetrics(warehouse, range)).rows[0]).toMatchObject({
      tool_success_rate: 1 / 2,
      tool_calls_unfinished: 0,
    });
    const [stored] = await queryRows<{ c: number; f: number; u: number }>(
      warehouse,
      `SELECT tool_calls_completed AS c, tool_calls_failed AS f, tool_calls_unfinished AS u FROM (${currentLabelsSql(warehouse, { tenantId: "t-tools" })})`,
    );
    expect([Number(stored!.c), Number(stored!.f), Number(stored!.u)]).toEqual([2, 1, 0]);
  });
});

/** Each scenario in a tenant of its own (the builders all use t-scn / t-other). */
function isolate(events: readonly RawEvent[], index: number): RawEvent[] {
  return events.map((event) => ({ ...event, tenant_id: `${event.tenant_id}-${index}` }));
}

describe("outcome label rules and precedence (reference scenarios)", () => {
  let warehouse: Warehouse;
  let nextIngestedAtMs = Date.now() - 24 * 3_600_000;

  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_outcomes_scn"));
  });
  afterAll(() => dropTestWarehouse(warehouse));

  async function loadAndEvaluate(events: readonly RawEvent[], tenantId: string) {
    const load = await loadRawEvents(warehouse, events, { firstIngestedAtMs: nextIngestedAtMs });
    nextIngestedAtMs = load.lastIngestedAtMs + 1_000;
    await evaluateOutcomes(warehouse, { tenantId, now: load.lastIngestedAtMs + SETTLE_MS, settleMs: SETTLE_MS });
  }

  async function labelOf(tenantId: string, responseId: string) {
    const row = (await storedLabels(warehouse, tenantId)).get(responseId);
    return row && { label: row.label, label_reason: row.label_reason };
  }

  const scenarios = allScenarios().map((s, index) => [s.name, s, index] as const);
  it.each(scenarios)("%s", async (_name, scenario: Scenario, index: number) => {
    const tenantId = `${scenario.tenant_id}-${index}`;
    const events = isolate(scenario.events, index);
    if (scenario.before) {
      const before = isolate(scenario.before.events, index);
      expect(events.slice(0, before.length)).toEqual(before);
      await loadAndEvaluate(before, tenantId);
      expect(await labelOf(tenantId, scenario.response_id)).toEqual(scenario.before.expected);
      await loadAndEvaluate(events.slice(before.length), tenantId);
    } else {
      await loadAndEvaluate(events, tenantId);
    }
    expect(await labelOf(tenantId, scenario.response_id)).toEqual(scenario.expected);
    await expectReferenceLabels(warehouse, events, tenantId);
  });
});

describe("outcome rules in SQL", () => {
  let warehouse: Warehouse;
  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_outcomes_sql"));
  });
  afterAll(() => dropTestWarehouse(warehouse));

  it("label and label_reason agree with the reference's decideLabel for every combination of inputs", async () => {
    const rows = await queryRows<{
      finish_reason: string;
      explicit_rating: string;
      has_followup: number;
      followup_is_reask: number;
      window_closed: number;
      has_failed_tool: number;
      label: string;
      label_reason: string;
    }>(
      warehouse,
      `SELECT *, ${labelSql()} AS label, ${labelReasonSql()} AS label_reason FROM (
         SELECT
           arrayJoin(['stop', 'length', 'error', 'max_iterations', 'no_reply', 'cancelled']) AS finish_reason,
           arrayJoin(['up', 'down', '']) AS explicit_rating,
           -- (distinct expressions: identical arrayJoin calls would be one column, not a product)
           toUInt8(arrayJoin([0, 1])) AS has_followup,
           toUInt8(arrayJoin([1, 0])) AS followup_is_reask,
           toUInt8(arrayJoin([2, 3]) - 2) AS window_closed,
           toUInt8(arrayJoin([3, 2]) - 2) AS has_failed_tool)`,
    );
    expect(rows).toHaveLength(6 * 3 * 16);
    for (const row of rows) {
      const expected = decideLabel({
        finish_reason: row.finish_reason,
        rating: (row.explicit_rating || null) as "up" | "down" | null,
        has_followup: Number(row.has_followup) === 1,
        is_reask: Number(row.followup_is_reask) === 1,
        window_closed: Number(row.window_closed) === 1,
        has_failed_tool: Number(row.has_failed_tool) === 1,
      });
      expect({ ...row, label: row.label, label_reason: row.label_reason }).toEqual({ ...row, ...expected });
    }
  });

  it("re-ask matching in SQL agrees with the contracts' isReask", async () => {
    const texts = [
      "That’s WRONG",
      "that's wrong!",
      "Please TRY AGAIN",
      "你没回答我的问题",
      "答非所问啊",
      "NOT what I Asked",
      "You Didn’t Answer",
      "you didnt answer",
      "wrongish answers",
      "still wrongful",
      "ok, thanks",
      "",
      "It's fine",
      "line\nbreak try\tagain",
      "TRY\u00a0AGAIN",
    ];
    const rows = await queryRows<{ matched: number }>(
      warehouse,
      `SELECT ${reaskMatchSql("text")} AS matched FROM (SELECT arrayJoin(${sqlValue(texts)}) AS text, rowNumberInAllBlocks() AS n) ORDER BY n`,
    );
    expect(rows.map((row) => Number(row.matched) === 1)).toEqual(texts.map((text) => isReask(text)));
    expect(rows.some((row) => Number(row.matched) === 1)).toBe(true);
  });
});

describe("startOutcomeEvaluator", () => {
  let warehouse: Warehouse;
  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_outcomes_loop"));
  });
  afterAll(() => dropTestWarehouse(warehouse));

  it("runs until stopped, one run at a time, and labels what arrives meanwhile", async () => {
    const story = scenarios.lateRating();
    await loadRawEvents(warehouse, story.before!.events, { firstIngestedAtMs: Date.now() - 3 * SETTLE_MS });
    const runs: EvaluateOutcomesResult[] = [];
    // A run reads the warehouse one statement after another, so a statement that starts while
    // another is in flight belongs to a second run: the overlap the loop must never allow.
    // The first run's first statement is held for many intervals, long enough for a loop that
    // scheduled by the clock rather than by the end of the run to start the next one meanwhile.
    const INTERVAL_MS = 20;
    const HOLD_MS = 25 * INTERVAL_MS;
    let inFlight = 0;
    let overlapped = false;
    let statements = 0;
    const client = Object.create(warehouse.client) as Warehouse["client"];
    const observe = <K extends "query" | "command" | "exec" | "insert">(method: K) =>
      (async (params: never) => {
        overlapped ||= inFlight > 0;
        inFlight++;
        try {
          if (statements++ === 0) await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
          return await (warehouse.client[method] as (params: never) => Promise<unknown>).call(warehouse.client, params);
        } finally {
          inFlight--;
        }
      }) as Warehouse["client"][K];
    client.query = observe("query");
    client.command = observe("command");
    client.exec = observe("exec");
    client.insert = observe("insert");
    const observed: Warehouse = { ...warehouse, client };
    const failures: unknown[] = [];
    const stop = startOutcomeEvaluator(observed, {
      intervalMs: INTERVAL_MS,
      settleMs: SETTLE_MS,
      onRun: (run) => runs.push(run),
      onError: (error) => failures.push(error),
    });
    const waitForRuns = async (n: number) => {
      const deadline = Date.now() + 30_000;
      while (runs.length < n && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await waitForRuns(1);
    expect((await storedLabels(warehouse, story.tenant_id)).get(story.response_id)?.label).toBe("pending");
    await loadRawEvents(warehouse, story.events.slice(story.before!.events.length), {
      firstIngestedAtMs: Date.now() - 2 * SETTLE_MS,
    });
    const seen = runs.length;
    await waitForRuns(seen + 2);
    await stop();
    const after = runs.length;
    const statementsAfterStop = statements;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runs.length).toBe(after);
    expect(statements).toBe(statementsAfterStop);
    // Every run went through the observed client (the hold applied), and none started while another ran.
    expect(statements).toBeGreaterThan(runs.length);
    expect(overlapped).toBe(false);
    expect(failures).toEqual([]);
    expect((await storedLabels(warehouse, story.tenant_id)).get(story.response_id)?.label).toBe("excellent");
    expect(runs.slice(seen).reduce((sum, run) => sum + run.written, 0)).toBeGreaterThan(0);
  });
});
