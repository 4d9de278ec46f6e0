import type { Warehouse } from "../client";
import { inIdSet, tenantCondition, type IdSet } from "../facts/sql-fragments";

/**
 * How far back in time the evaluation of a chunk must read the fact tables (epoch ms; 0 reads
 * everything). The fact tables are keyed by id and partitioned by month, so a read of random ids
 * touches nearly every granule of every part it reads (issue 6: 41 M rows for 2,500 new responses
 * of a 5 M-response tenant); a lower time bound lets ClickHouse skip the months, and the parts,
 * whose rows are all older. New responses, and the sessions and tool calls they bring, are recent.
 */
export interface ChunkReadBounds {
  /**
   * At or before the current version of every response whose current version is in the chunk's
   * sessions (the chunk's responses among them): a response's current version is its latest, so
   * any stored version's time is at or before it, and the session index holds one per response.
   */
  responsesFromMs: number;
  /** At or before every event of every tool call that names one of the chunk's responses: the least first time of those calls. */
  toolCallEventsFromMs: number;
}

export interface ChunkReadBoundsOptions {
  tenantId: string;
  /** The chunk's responses. */
  responseIds: IdSet;
  /** The sessions of their current versions. */
  sessionIds: IdSet;
}

/**
 * One-row query of ChunkReadBounds, from the narrow indexes only: responses_by_session (migration
 * 0008) has a row, with its time, for every version of a response in the session it names;
 * tool_call_firsts (0007) has each call's first time, and every time it had before, which was
 * later, so the least of a call's rows is its first event's. An empty set gives 0 (ClickHouse's
 * min of no rows), which bounds nothing. Both indexes are complete for the same reason the reads
 * they narrow rely on them: their views write them with every insert.
 */
export function chunkReadBoundsSql(w: Warehouse, options: ChunkReadBoundsOptions): string {
  const tenant = tenantCondition(options.tenantId);
  const calls = `SELECT tool_call_id FROM ${w.table("tool_calls_by_response")} WHERE ${tenant} AND ${inIdSet("response_id", options.responseIds)}`;
  return `SELECT
      (SELECT toUInt64(min(occurred_at)) * 1000 FROM ${w.table("responses_by_session")}
        WHERE ${tenant} AND ${inIdSet("session_id", options.sessionIds)}) AS responses_from_ms,
      (SELECT min(first_at_ms) FROM ${w.table("tool_call_firsts")}
        WHERE ${tenant} AND tool_call_id IN (${calls})) AS tool_call_events_from_ms`;
}

export const readBoundsOf = (
  row: { responses_from_ms?: unknown; tool_call_events_from_ms?: unknown } | undefined,
): ChunkReadBounds => ({
  responsesFromMs: Number(row?.responses_from_ms ?? 0),
  toolCallEventsFromMs: Number(row?.tool_call_events_from_ms ?? 0),
});
