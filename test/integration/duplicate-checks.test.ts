import { makeFeedback, makeResponseCompleted, makeToolCall } from "@answerscope/contracts";
import { queryRows, sqlValue, writeFacts, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sinkBatches } from "../src/load-through-sink";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

const LONG_AGO = "2026-03-02T08:00:00.000Z";
const RECENTLY = "2026-11-30T10:00:00.000Z";

/** Each list of events written as one batch of the sink, through the ingest pipeline, arrivals continuing. */
async function writeBatches(w: Warehouse, ...batches: object[][]): Promise<void> {
  let receivedAtMs = Date.parse("2026-12-01T00:00:00Z");
  for (const events of batches) {
    const made = sinkBatches(events, events.length, receivedAtMs);
    receivedAtMs = made.nextReceivedAtMs;
    for (const batch of made.batches) await writeFacts(w, batch);
  }
}

/** One response with one call and one rating of it, all with the given ids. */
const answer = (tenant_id: string, id: string, occurred_at: string, event = `${id}-e1`) => [
  makeResponseCompleted({ tenant_id, event_id: event, response_id: id, occurred_at }),
  makeToolCall({
    tenant_id,
    event_id: `${id}-call-started`,
    tool_call_id: `${id}-call`,
    status: "started",
    response_id: id,
    occurred_at,
    duration_ms: undefined,
    result_summary: undefined,
  }),
  makeFeedback({ tenant_id, event_id: `${id}-fb`, target_id: id, client_feedback_id: `${id}-cfb`, occurred_at }),
];

/**
 * The sink's duplicate checks (warehouse/src/sink): an event already stored is not stored again,
 * however long ago it was stored and however many rows lie between, and a later event of an
 * entity sees the entity's stored events; within one batch and across tenants alike. Raw rows
 * are read (no FINAL, no LIMIT BY): a duplicate the checks let through shows as a second row.
 */
describe("the sink's duplicate checks", () => {
  let w: Warehouse;

  beforeAll(async () => {
    ({ warehouse: w } = await createTestWarehouse("as_dupcheck"));
  });
  afterAll(() => dropTestWarehouse(w));

  const rows = (table: string, tenant: string, columns: string, order = "event_id") =>
    queryRows<Record<string, string | number>>(
      w,
      `SELECT ${columns} FROM ${w.table(table)} WHERE tenant_id = ${sqlValue(tenant)} ORDER BY ${order}`,
    );

  it("finds an event stored months before, among the writes since, and a later version supersedes it", async () => {
    const tenant = "t-long-ago";
    const others = Array.from({ length: 3 }, (_, batch) =>
      Array.from({ length: 120 }, (_, i) => answer(tenant, `r-${batch}-${i}`, RECENTLY)).flat(),
    );
    const old = answer(tenant, "r-old", LONG_AGO);
    const later = [
      ...old,
      makeResponseCompleted({
        tenant_id: tenant,
        event_id: "r-old-e2",
        response_id: "r-old",
        occurred_at: RECENTLY,
        model: "m-2",
      }),
      makeToolCall({
        tenant_id: tenant,
        event_id: "r-old-call-completed",
        tool_call_id: "r-old-call",
        status: "completed",
        response_id: "r-old",
        occurred_at: RECENTLY,
      }),
    ];
    await writeBatches(w, old, ...others, later);

    expect(
      await rows("responses", tenant, "event_id, model, prev_exists, prev_model, became_current", "event_id").then(
        (found) => found.filter((row) => String(row.event_id).startsWith("r-old")),
      ),
    ).toEqual([
      { event_id: "r-old-e1", model: "gpt-4o-mini", prev_exists: 0, prev_model: "", became_current: 1 },
      { event_id: "r-old-e2", model: "m-2", prev_exists: 1, prev_model: "gpt-4o-mini", became_current: 1 },
    ]);
    const calls = await rows("tool_call_events", tenant, "event_id, status, state_changed", "event_id");
    expect(calls.filter((row) => String(row.event_id).startsWith("r-old"))).toEqual([
      { event_id: "r-old-call-completed", status: "completed", state_changed: 1 },
      { event_id: "r-old-call-started", status: "started", state_changed: 1 },
    ]);
    expect(
      (await rows("feedback_events", tenant, "event_id")).filter((row) => row.event_id === "r-old-fb"),
    ).toHaveLength(1);
    expect(await rows("responses", tenant, "count() AS n", "n")).toEqual([{ n: 3 * 120 + 2 }]);
  });

  it("stores an event delivered twice in one batch once, and orders a response's versions within it", async () => {
    const tenant = "t-one-batch";
    const first = answer(tenant, "r1", RECENTLY);
    const newer = makeResponseCompleted({
      tenant_id: tenant,
      event_id: "r1-e2",
      response_id: "r1",
      occurred_at: "2026-11-30T10:05:00.000Z",
      model: "m-2",
    });
    await writeBatches(w, [newer, ...first, ...first, newer]);

    expect(await rows("responses", tenant, "event_id, prev_exists, became_current")).toEqual([
      { event_id: "r1-e1", prev_exists: 0, became_current: 0 },
      { event_id: "r1-e2", prev_exists: 0, became_current: 1 },
    ]);
    expect(await rows("tool_call_events", tenant, "event_id")).toEqual([{ event_id: "r1-call-started" }]);
    expect(await rows("feedback_events", tenant, "event_id")).toEqual([{ event_id: "r1-fb" }]);
  });

  it("keeps two tenants' events with the same ids apart, in separate writes and in one", async () => {
    const [a, b, c] = ["t-same-a", "t-same-b", "t-same-c"];
    await writeBatches(w, answer(a, "r-same", RECENTLY), answer(b, "r-same", RECENTLY));
    await writeBatches(w, [...answer(c, "r-same", RECENTLY), ...answer(a, "r-same", RECENTLY)]);

    for (const tenant of [a, b, c]) {
      expect(await rows("responses", tenant, "event_id, prev_exists, became_current"), tenant).toEqual([
        { event_id: "r-same-e1", prev_exists: 0, became_current: 1 },
      ]);
      expect(await rows("tool_call_events", tenant, "event_id"), tenant).toEqual([{ event_id: "r-same-call-started" }]);
      expect(await rows("feedback_events", tenant, "event_id"), tenant).toEqual([{ event_id: "r-same-fb" }]);
    }
  });
});
