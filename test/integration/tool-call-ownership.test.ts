import { makeToolCall, type ToolCallInput } from "@answerscope/contracts";
import { loadIngestConfig, startIngestService, type RunningService } from "@answerscope/ingest";
import { queryRejected, queryRows, reducedToolCallsSql, sqlValue, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

const TENANT = "t-owner";
const INGEST_KEY = "owner-ingest-key-000000001";
const T0 = Date.parse("2026-12-01T10:00:00.000Z");
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

/** One lifecycle event of a call in the test's tenant, by `user`, `seconds` after T0. */
const call = (
  event_id: string,
  tool_call_id: string,
  status: ToolCallInput["status"],
  user_id: string,
  seconds: number,
  extra: Partial<ToolCallInput> = {},
) =>
  makeToolCall({
    event_id,
    tool_call_id,
    status,
    user_id,
    tenant_id: TENANT,
    occurred_at: at(seconds),
    session_id: `s-${user_id}`,
    response_id: undefined,
    result_summary: undefined,
    duration_ms: undefined,
    ...extra,
  });

/**
 * docs/events.md: a terminal tool_call event whose user is not the user of the call's first event
 * is rejected as `forbidden` by the sink, counted and listed, and never changes the call. Through
 * the collector (its sink in this process), on both ClickHouse lines.
 */
describe("tool-call ownership", () => {
  let warehouse: Warehouse;
  let service: RunningService;

  const post = async (events: object[]) => {
    const res = await fetch(`http://127.0.0.1:${service.port}/v1/events`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${INGEST_KEY}` },
      body: JSON.stringify(events),
    });
    expect(res.status).toBe(202);
    return (await res.json()) as { accepted: number };
  };

  const reducedCalls = () =>
    queryRows<{
      tool_call_id: string;
      status: string;
      user_id: string;
      error_category: string;
      duration_ms: number;
      event_count: number;
    }>(
      warehouse,
      `SELECT tool_call_id, status, user_id, error_category, duration_ms, event_count FROM (${reducedToolCallsSql(warehouse, { tenantId: TENANT })}) ORDER BY tool_call_id`,
    ).then((rows) =>
      rows.map((row) => ({ ...row, duration_ms: Number(row.duration_ms), event_count: Number(row.event_count) })),
    );

  /** The live state per call in tool_call_states (migration 0012), what the tools figures read. */
  const liveStates = () =>
    queryRows<{ tool_call_id: string; status: string; error_category: string }>(
      warehouse,
      `SELECT tool_call_id, status, error_category FROM ${warehouse.table("tool_call_states")} WHERE tenant_id = ${sqlValue(TENANT)}
       GROUP BY tool_call_id, first_at_ms, status, tool_name, error_category, duration_ms HAVING sum(sign) != 0 ORDER BY tool_call_id`,
    );

  const forbiddenCounted = async () => {
    const page = await fetch(`http://127.0.0.1:${service.port}/metrics`).then((res) => res.text());
    return Number(/^answerscope_ingest_rejected_total\{reason="forbidden"\} (\S+)$/m.exec(page)?.[1] ?? 0);
  };

  beforeAll(async () => {
    const created = await createTestWarehouse("as_owner");
    warehouse = created.warehouse;
    service = await startIngestService(
      loadIngestConfig({
        PORT: "0",
        ...created.env,
        ANSWERSCOPE_KEYS: `ingest:${TENANT}:${INGEST_KEY}`,
        INGEST_BATCH_MAX_WAIT_MS: "20",
      }),
    );
  });

  afterAll(async () => {
    await service.stop();
    await dropTestWarehouse(warehouse);
  });

  it("keeps another user's terminal event out of the call, in a later request and in the same one", async () => {
    await post([call("a-start", "c1", "started", "alice", 0), call("b-start", "c2", "started", "bob", 0)]);
    // mallory finalizes alice's c1 (later request) and bob's c3 (same request as its start); bob's own terminal of c2 stands.
    await post([
      call("m-fail-c1", "c1", "failed", "mallory", 1, { error_category: "permission", error_message: "denied" }),
      call("b-start-c3", "c3", "started", "bob", 1),
      call("m-done-c3", "c3", "completed", "mallory", 2, { duration_ms: 5 }),
      call("b-done-c2", "c2", "completed", "bob", 2, { duration_ms: 7 }),
    ]);
    expect(await reducedCalls()).toEqual([
      { tool_call_id: "c1", status: "started", user_id: "alice", error_category: "", duration_ms: -1, event_count: 1 },
      { tool_call_id: "c2", status: "completed", user_id: "bob", error_category: "", duration_ms: 7, event_count: 2 },
      { tool_call_id: "c3", status: "started", user_id: "bob", error_category: "", duration_ms: -1, event_count: 1 },
    ]);
    expect(await liveStates()).toEqual([
      { tool_call_id: "c1", status: "started", error_category: "" },
      { tool_call_id: "c2", status: "completed", error_category: "" },
      { tool_call_id: "c3", status: "started", error_category: "" },
    ]);

    // The owner's own terminal event still finalizes the call.
    await post([call("a-done", "c1", "completed", "alice", 3, { duration_ms: 9 })]);
    expect((await reducedCalls())[0]).toEqual({
      tool_call_id: "c1",
      status: "completed",
      user_id: "alice",
      error_category: "",
      duration_ms: 9,
      event_count: 2,
    });
  });

  it("lists each refused event once as forbidden in the rejected view and counts it, a re-delivery included", async () => {
    // The same request again (a client retry): nothing new is stored, rejected or counted.
    await post([
      call("m-fail-c1", "c1", "failed", "mallory", 1, { error_category: "permission", error_message: "denied" }),
    ]);
    const rejected = await queryRejected(warehouse, {
      tenantId: TENANT,
      from: at(-86_400),
      to: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(rejected.counts).toEqual([{ reason: "forbidden", count: 2 }]);
    expect(
      rejected.events.map((event) => [event.event_id, event.reason, event.event_type, event.source]).sort(),
    ).toEqual([
      ["m-done-c3", "forbidden", "tool_call", "tool_call_rules"],
      ["m-fail-c1", "forbidden", "tool_call", "tool_call_rules"],
    ]);
    expect(JSON.parse(rejected.events.find((event) => event.event_id === "m-fail-c1")!.payload)).toMatchObject({
      tool_call_id: "c1",
      status: "failed",
      user_id: "mallory",
      error_category: "permission",
    });
    expect(await forbiddenCounted()).toBe(2);
    const stored = await queryRows<{ n: number }>(
      warehouse,
      `SELECT count() AS n FROM ${warehouse.table("tool_call_events")} WHERE tenant_id = ${sqlValue(TENANT)} AND user_id = 'mallory'`,
    );
    expect(Number(stored[0]!.n)).toBe(0);
  });
});
