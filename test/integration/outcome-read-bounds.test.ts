import {
  chunkReadBoundsSql,
  evaluateOutcomes,
  queryRows,
  readBoundsOf,
  sqlSubquery,
  type IdSet,
  type Warehouse,
} from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventBuilder } from "../reference";
import { loadRawEvents } from "../src/load-events";
import { expectReferenceLabels, storedLabels } from "../src/outcome-labels";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

const TENANT = "t-bounds";
const DAY = 86_400;
const SETTLE_MS = 60_000;

/**
 * The evaluator reads each chunk's facts from a lower time bound on (outcomes/read-bounds.ts), so
 * that a few new responses do not read every month of the tenant. Rows older than the chunk's own
 * responses still count: a session's earlier responses, and a call's events from before them.
 */
describe("outcome evaluation bounded by time", () => {
  let warehouse: Warehouse;
  const e = new EventBuilder(TENANT);
  // A session 40 days long. r-new's call started 30 days before it, in an event that names no
  // response; r-next's failed call was reported 45 days before it. Another session's response
  // and call bound nothing of these.
  const events = [
    e.response("r-old", -40 * DAY, { session_id: "s-long" }),
    e.response("r-elsewhere", -60 * DAY, { session_id: "s-other" }),
    e.tool("c-elsewhere", "completed", -60 * DAY, { response_id: "r-elsewhere", session_id: "s-other" }),
    e.tool("c-early", "failed", -45 * DAY, { response_id: "r-next", session_id: "s-long" }),
    e.tool("c-late", "started", -30 * DAY, { session_id: "s-long" }),
    e.tool("c-late", "completed", -1, { response_id: "r-new", session_id: "s-long" }),
    e.response("r-new", 0, { session_id: "s-long" }),
    e.response("r-next", 60, { session_id: "s-long" }),
  ];

  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_outcome_bounds"));
  });
  afterAll(() => dropTestWarehouse(warehouse));

  it("bounds a chunk at the earliest response of its sessions and the earliest event of its responses' calls", async () => {
    await loadRawEvents(warehouse, events);
    const boundsOf = async (responseIds: IdSet, sessionIds: IdSet) =>
      readBoundsOf(
        (
          await queryRows<Record<string, unknown>>(
            warehouse,
            chunkReadBoundsSql(warehouse, { tenantId: TENANT, responseIds, sessionIds }),
          )
        )[0],
      );

    const daysBefore = (days: number) => e.baseMs - days * DAY * 1000;
    expect(await boundsOf(["r-new"], ["s-long"])).toEqual({
      responsesFromMs: daysBefore(40),
      toolCallEventsFromMs: daysBefore(30),
    });
    expect(await boundsOf(["r-new", "r-next"], ["s-long"])).toEqual({
      responsesFromMs: daysBefore(40),
      toolCallEventsFromMs: daysBefore(45),
    });
    expect(await boundsOf(["r-elsewhere"], ["s-other"])).toEqual({
      responsesFromMs: daysBefore(60),
      toolCallEventsFromMs: daysBefore(60),
    });
    // Subqueries, as the evaluator passes them; nothing to read gives 0, which bounds nothing.
    const none = sqlSubquery("SELECT 'r-none'");
    expect(await boundsOf(none, none)).toEqual({ responsesFromMs: 0, toolCallEventsFromMs: 0 });
  });
});

describe("incremental evaluation of one new response a chunk", () => {
  let warehouse: Warehouse;
  const e = new EventBuilder(TENANT);
  const first = [e.response("r-old", -40 * DAY, { session_id: "s-long" })];
  const second = [
    e.tool("c-early", "failed", -45 * DAY, { response_id: "r-new", session_id: "s-long" }),
    e.response("r-new", 0, { session_id: "s-long" }),
    e.feedback(30, { target_id: "r-new", rating: "up" }),
  ];

  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_outcome_bounds_inc"));
  });
  afterAll(() => dropTestWarehouse(warehouse));

  it("sees the session's response and the call from before the chunk's own responses", async () => {
    const base = Date.now() - 10 * 3_600_000;
    const load1 = await loadRawEvents(warehouse, first, { firstIngestedAtMs: base });
    await evaluateOutcomes(warehouse, { now: load1.lastIngestedAtMs + SETTLE_MS, settleMs: SETTLE_MS });
    const load2 = await loadRawEvents(warehouse, second, { firstIngestedAtMs: load1.lastIngestedAtMs + 3_600_000 });
    const run = await evaluateOutcomes(warehouse, {
      chunkSize: 1,
      now: load2.lastIngestedAtMs + SETTLE_MS,
      settleMs: SETTLE_MS,
    });
    expect(run.candidates).toBe(2);

    await expectReferenceLabels(warehouse, [...first, ...second], TENANT);
    const labels = await storedLabels(warehouse, TENANT);
    // Rated up, with a failed call: good, not excellent (the call is 45 days older than the response).
    expect(labels.get("r-new")).toMatchObject({ label: "good", has_failed_tool: 1 });
    // The session's previous response, 40 days earlier, is r-new's previous one for the outcome rollup.
    expect(Number(labels.get("r-new")!.prev_ms_by_dimension[0])).toBe(e.baseMs - 40 * DAY * 1000);
  });
});
