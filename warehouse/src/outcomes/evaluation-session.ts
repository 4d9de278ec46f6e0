import { randomUUID } from "node:crypto";
import { queryRows, type Warehouse } from "../client";
import { sqlSubquery, type SqlSubquery } from "../facts/sql-fragments";

/**
 * Temporary tables of one evaluator run, in a ClickHouse HTTP session of its own.
 *
 * Candidate ids are computed once and kept server-side: embedding the candidate query in
 * every input of the evaluation made 18.16 re-run (and re-analyse) it many times, and
 * passing the ids through Node as literals would make queries larger than max_query_size.
 * Temporary tables are per session and vanish with it; statements of one session run one
 * at a time, which the evaluator does anyway.
 */
export class EvaluationSession {
  readonly sessionId = `answerscope-outcomes-${randomUUID()}`;
  constructor(private readonly w: Warehouse) {}

  async command(query: string): Promise<void> {
    await this.w.client.command({ query, session_id: this.sessionId });
  }

  query<T>(query: string): Promise<T[]> {
    return queryRows<T>(this.w, query, { session_id: this.sessionId });
  }

  /** (Re)creates a one-column String temporary table and fills it from `select`. */
  async fill(table: TempTable, select: string): Promise<void> {
    await this.command(`DROP TEMPORARY TABLE IF EXISTS ${table.name}`);
    await this.command(`CREATE TEMPORARY TABLE ${table.name} (${table.columns}) ENGINE = Memory`);
    await this.command(`INSERT INTO ${table.name} ${select}`);
  }

  async close(): Promise<void> {
    for (const table of Object.values(TEMP_TABLES)) await this.command(`DROP TEMPORARY TABLE IF EXISTS ${table.name}`);
  }
}

export interface TempTable {
  name: string;
  columns: string;
}

/** The run's temporary tables: constant names, never input. */
export const TEMP_TABLES = {
  /** Every candidate response of the tenant, with the hash that assigns it to a chunk. */
  candidates: { name: "outcome_candidates", columns: "response_id String, chunk_hash UInt64" },
  /** The candidates of the chunk being evaluated. */
  chunk: { name: "outcome_chunk", columns: "response_id String" },
  /** The sessions of the chunk's current response versions. */
  chunkSessions: { name: "outcome_chunk_sessions", columns: "session_id String" },
  /** The responses ever in those sessions, from the chunk's read bound (chunkIndexLookups). */
  chunkSessionResponses: { name: "outcome_chunk_session_responses", columns: "response_id String" },
  /** The tool calls naming the chunk's responses, from the chunk's read bound (chunkIndexLookups). */
  chunkCalls: { name: "outcome_chunk_calls", columns: "tool_call_id String" },
} as const satisfies Record<string, TempTable>;

export const idsOf = (table: TempTable, column: string): SqlSubquery =>
  sqlSubquery(`SELECT ${column} FROM ${table.name}`);
