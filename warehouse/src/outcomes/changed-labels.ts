import { EVENT_DIMENSIONS } from "@answerscope/contracts/vocabularies";
import type { Warehouse } from "../client";
import { ownersResponseRatingsSql } from "../facts/current-feedback";
import { currentResponsesSql, sessionResponsesSql } from "../facts/current-responses";
import { reducedToolCallsSql, responseCallsSql } from "../facts/reduced-tool-calls";
import { sqlSubquery, type IdSet } from "../facts/sql-fragments";
import { sqlValue } from "../sql/escape";
import { joinUsing } from "../sql/join";
import { currentLabelsSql, LABEL_TOOL_COUNT_COLUMNS, RESPONSE_LABEL_COLUMNS } from "./current-labels";
import { MOVED_FROM_MS } from "./label-writes";
import { FOLLOWUP_WINDOW_MS, labelReasonSql, labelSql } from "./label-rules";
import type { ChunkReadBounds } from "./read-bounds";
import { reaskMatchSql } from "./reask-match";
import { DIMENSION_VALUE_SQL, prevByDimensionSql } from "./session-prev";
import { DIMENSIONS } from "../queries/query-input";

export interface ChangedLabelsOptions {
  tenantId: string;
  /** The responses to evaluate (ids or a subquery); ids that are no response are ignored. */
  responseIds: IdSet;
  /**
   * The sessions of those responses' current versions, when the caller has them at hand
   * (e.g. in a temporary table); default: derived from `responseIds`.
   */
  sessionIds?: IdSet;
  /**
   * How far back the facts must be read (read-bounds.ts), computed for `sessionIds`; default:
   * all time.
   */
  readBounds?: ChunkReadBounds;
  /**
   * The ids of chunkIndexLookups' two subqueries (for these options), when the caller stored them:
   * the reads narrow by them instead of looking the indexes up, which 18.16 would do again at
   * every level the evaluation nests them in.
   */
  storedLookups?: { sessionResponseIds: IdSet; callIds: IdSet };
  /** The tenant's newest occurred_at over every event: closes observation windows. */
  maxOccurredAtMs: number;
  /** Version of the rows written; each row also gets at least its stored version + 1. */
  evaluatedAtMs: number;
  reaskPhrases?: readonly string[];
}

/** Columns copied from the current response version. */
const RESPONSE_COLUMNS = [
  "tenant_id",
  "response_id",
  "session_id",
  "occurred_at",
  "occurred_at_ms",
  ...EVENT_DIMENSIONS,
  "tool_count",
  "finish_reason",
] as const;

/** The label row's content: every column but the version, compared with the stored row. */
const CONTENT_COLUMNS = RESPONSE_LABEL_COLUMNS.filter((column) => column !== "evaluated_at_ms");

/**
 * The neighbours of every response in the given sessions, by (occurred_at_ms, response_id) over
 * all data: the immediately next response (the follow-up candidate) and, per dimension, the
 * nearest earlier one with the same value (prev_ms_by_dimension, session-prev.ts). 18.16 has no
 * window functions, so each session's responses are sorted in an array.
 */
function sessionNeighboursSql(
  w: Warehouse,
  tenantId: string,
  sessionIds: IdSet,
  fromMs: number | undefined,
  sessionResponseIds: IdSet | undefined,
): string {
  const responses = currentResponsesSql(w, { tenantId, sessionIds, fromMs, responseIds: sessionResponseIds });
  const element = `(${["occurred_at_ms", "response_id", "query_text", ...DIMENSIONS.map((d) => DIMENSION_VALUE_SQL[d])].join(", ")})`;
  return `SELECT
      tupleElement(ordered[i], 2) AS response_id,
      tupleElement(ordered[i + 1], 2) AS next_response_id,
      tupleElement(ordered[i + 1], 1) AS next_occurred_at_ms,
      tupleElement(ordered[i + 1], 3) AS next_query_text,
      ${prevByDimensionSql("ordered", "i", 4)} AS prev_ms_by_dimension
    FROM (
      SELECT session_id, arraySort(groupArray(${element})) AS ordered
      FROM (${responses})
      GROUP BY session_id
    )
    ARRAY JOIN arrayEnumerate(ordered) AS i`;
}

/**
 * The id-index lookups of an evaluation with these options, for a caller to store (as temporary
 * tables) and pass back as `storedLookups`: the responses ever in the sessions, and the calls
 * naming the responses, each from the read bound the evaluation reads from.
 * On bench_large, a label update's chunk of 2,443 responses at a month's end: the evaluation
 * 3.1 s with the lookups inside it, 1.5 s plus 0.14 s for storing them.
 */
export function chunkIndexLookups(
  w: Warehouse,
  options: Pick<ChangedLabelsOptions, "tenantId" | "responseIds" | "readBounds"> & { sessionIds: IdSet },
): { sessionResponses: string; calls: string } {
  const { tenantId, responseIds, sessionIds, readBounds } = options;
  return {
    sessionResponses: sessionResponsesSql(w, { tenantId, sessionIds, fromMs: responsesFromMsOf(readBounds) }).sql,
    calls: responseCallsSql(w, { tenantId, responseIds, eventsFromMs: readBounds?.toolCallEventsFromMs }).sql,
  };
}

// Exact, not a guess: every current version wanted is at or after the bound (read-bounds.ts),
// and a response's current version is its latest, so no older row can win.
const responsesFromMsOf = (readBounds: ChunkReadBounds | undefined): number | undefined =>
  readBounds?.responsesFromMs || undefined;

/**
 * Subquery: the response_labels rows (columns in table order) of the given responses
 * whose evaluated content differs from the stored current row (or that have none), plus
 * `moved_from_ms`: the stored row's time when the response now occurs at another time
 * (else 0), so the writer can retract the row response_labels_by_time keeps there.
 *
 * Inputs per response R, all from the facts builders (correct before merges):
 * follow-up (next response of the session within 600 000 ms, inclusive), re-ask (the
 * follow-up's query_text), window (closed by a follow-up or by the tenant's newest event
 * >= R + 600 000 ms), explicit rating (R's current verified chat_message rating),
 * R's reduced calls counted by final status, and has_failed_tool (one of them failed); then
 * the rules of label-rules.ts.
 */
export function changedLabelsSql(w: Warehouse, options: ChangedLabelsOptions): string {
  const stored = `SELECT response_id, ${CONTENT_COLUMNS.filter((c) => c !== "response_id")
    .map((c) => `${c} AS stored_${c}`)
    .join(", ")},
      evaluated_at_ms AS stored_evaluated_at_ms
    FROM (${currentLabelsSql(w, { tenantId: options.tenantId, responseIds: options.responseIds })})`;
  const changed = CONTENT_COLUMNS.filter((c) => c !== "tenant_id" && c !== "response_id")
    .map((c) => `${c} != stored_${c}`)
    .join(" OR ");
  return `SELECT ${CONTENT_COLUMNS.join(", ")},
      greatest(toUInt64(${sqlValue(Math.trunc(options.evaluatedAtMs))}), stored_evaluated_at_ms + 1) AS evaluated_at_ms,
      if(stored_label != '' AND stored_occurred_at_ms != occurred_at_ms, stored_occurred_at_ms, toUInt64(0)) AS ${MOVED_FROM_MS}
    FROM ${joinUsing(evaluatedLabelsSql(w, options), "ANY LEFT", stored, ["response_id"])}
    WHERE stored_label = '' OR ${changed}`;
}

/**
 * Subquery: the label row content (every column but the version) of the given responses as the
 * facts say it is now, whatever is stored. Inputs and rules: see changedLabelsSql.
 */
export function evaluatedLabelsSql(w: Warehouse, options: Omit<ChangedLabelsOptions, "evaluatedAtMs">): string {
  const { tenantId, responseIds, readBounds, storedLookups } = options;
  const responsesFromMs = responsesFromMsOf(readBounds);
  const candidates = currentResponsesSql(w, { tenantId, responseIds, fromMs: responsesFromMs });
  const sessions = options.sessionIds ?? sqlSubquery(`SELECT session_id FROM (${candidates})`);
  // Verified means rated by the response's owner: joined on the candidate's user_id, which spares
  // the verification its own read of the candidates (ownersResponseRatingsSql).
  const ratings = `SELECT response_id, user_id, rating AS explicit_rating
    FROM (${ownersResponseRatingsSql(w, { tenantId, responseIds })})`;
  // A response without calls gets the join's defaults: zero counts, has_failed_tool 0.
  const toolCounts = `SELECT response_id,
      toUInt32(countIf(status = 'completed')) AS tool_calls_completed,
      toUInt32(countIf(status = 'failed')) AS tool_calls_failed,
      toUInt32(countIf(status = 'started')) AS tool_calls_unfinished,
      toUInt8(tool_calls_failed > 0) AS has_failed_tool
    FROM (${reducedToolCallsSql(w, { tenantId, responseIds, toolCallIds: storedLookups?.callIds, eventsFromMs: readBounds?.toolCallEventsFromMs })})
    GROUP BY response_id`;

  // 18.16 joins two tables per SELECT, so each input is joined in its own level.
  // (`SELECT *` of a join would repeat the key column, hence the explicit lists.)
  const nextColumns = [
    ...RESPONSE_COLUMNS,
    "user_id",
    "next_response_id",
    "next_occurred_at_ms",
    "next_query_text",
    "prev_ms_by_dimension",
  ];
  const withNext = `SELECT ${nextColumns.join(", ")}
    FROM ${joinUsing(
      `SELECT ${RESPONSE_COLUMNS.join(", ")}, user_id FROM (${candidates})`,
      "ANY LEFT",
      sessionNeighboursSql(w, tenantId, sessions, responsesFromMs, storedLookups?.sessionResponseIds),
      ["response_id"],
    )}`;
  const ratingColumns = [...nextColumns, "explicit_rating"];
  const withRating = `SELECT ${ratingColumns.join(", ")} FROM ${joinUsing(withNext, "ANY LEFT", ratings, ["response_id", "user_id"])}`;
  const withTools = `SELECT ${[...ratingColumns, "has_failed_tool", ...LABEL_TOOL_COUNT_COLUMNS].join(", ")}
    FROM ${joinUsing(withRating, "ANY LEFT", toolCounts, ["response_id"])}`;

  const window = sqlValue(FOLLOWUP_WINDOW_MS);
  const signals = `SELECT *,
      toUInt8(next_response_id != '' AND next_occurred_at_ms <= occurred_at_ms + ${window}) AS has_followup,
      toUInt8(has_followup AND ${reaskMatchSql("next_query_text", options.reaskPhrases)}) AS followup_is_reask,
      toUInt8(has_followup OR ${sqlValue(Math.trunc(options.maxOccurredAtMs))} >= occurred_at_ms + ${window}) AS window_closed
    FROM (${withTools})`;
  const evaluated = `SELECT
      tenant_id, response_id, session_id, occurred_at, occurred_at_ms,
      ${EVENT_DIMENSIONS.join(", ")},
      if(tool_count > 0, 'yes', 'no') AS tool_used,
      finish_reason,
      ${labelSql()} AS label,
      ${labelReasonSql()} AS label_reason,
      explicit_rating,
      has_failed_tool,
      if(has_followup, next_response_id, '') AS followup_response_id,
      followup_is_reask,
      window_closed,
      ${LABEL_TOOL_COUNT_COLUMNS.join(", ")},
      prev_ms_by_dimension
    FROM (${signals})`;
  return evaluated;
}
