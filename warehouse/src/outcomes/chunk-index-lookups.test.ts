import { describe, expect, it } from "vitest";
import { createWarehouse } from "../client";
import { currentResponsesSql } from "../facts/current-responses";
import { reducedToolCallsSql } from "../facts/reduced-tool-calls";
import { sqlSubquery } from "../facts/sql-fragments";
import { changedLabelsSql, chunkIndexLookups } from "./changed-labels";

// Builds SQL only: the client connects on its first query, which these tests never make.
const w = createWarehouse({ url: "http://127.0.0.1:1", database: "db" });
const flat = (sql: string) => sql.replace(/\s+/g, " ");
const chunk = {
  tenantId: "t",
  responseIds: sqlSubquery("SELECT response_id FROM outcome_chunk"),
  sessionIds: sqlSubquery("SELECT session_id FROM outcome_chunk_sessions"),
  readBounds: { responsesFromMs: 1_700_000_000_000, toolCallEventsFromMs: 1_700_000_100_000 },
};
const stored = {
  sessionResponseIds: sqlSubquery("SELECT response_id FROM stored_responses"),
  callIds: sqlSubquery("SELECT tool_call_id FROM stored_calls"),
};

describe("an evaluation's stored id-index lookups", () => {
  it("are the very subqueries the evaluation runs without them, with its read bounds", () => {
    const lookups = chunkIndexLookups(w, chunk);
    const inline = flat(changedLabelsSql(w, { ...chunk, maxOccurredAtMs: 0, evaluatedAtMs: 1 }));
    expect(inline).toContain(flat(lookups.sessionResponses));
    expect(inline).toContain(flat(lookups.calls));
    expect(flat(lookups.sessionResponses)).toContain("occurred_at >= toDateTime(1700000000, 'UTC')");
    expect(flat(lookups.calls)).toContain("occurred_at >= toDateTime(1700000100, 'UTC')");
  });

  it("replace the index reads of the evaluation when passed back", () => {
    const sql = flat(changedLabelsSql(w, { ...chunk, storedLookups: stored, maxOccurredAtMs: 0, evaluatedAtMs: 1 }));
    expect(sql).not.toContain("responses_by_session");
    expect(sql).not.toContain("tool_calls_by_response");
    expect(sql).toContain("response_id IN (SELECT response_id FROM stored_responses)");
    expect(sql).toContain("tool_call_id IN (SELECT tool_call_id FROM stored_calls)");
  });

  it("leave the exact tests on the session and the reduced response in place", () => {
    const responses = flat(
      currentResponsesSql(w, { tenantId: "t", sessionIds: chunk.sessionIds, responseIds: stored.sessionResponseIds }),
    );
    expect(responses).not.toContain("responses_by_session");
    expect(responses).toMatch(/\) WHERE session_id IN \(SELECT session_id FROM outcome_chunk_sessions\)$/);
    const calls = flat(
      reducedToolCallsSql(w, { tenantId: "t", responseIds: chunk.responseIds, toolCallIds: stored.callIds }),
    );
    expect(calls).not.toContain("tool_calls_by_response");
    expect(calls).toContain("response_id IN (SELECT response_id FROM outcome_chunk)");
  });
});
